// The typed client against a real gateway over HTTP, serving the fixture site: every method returns the body the
// endpoint sends, revalidates with If-None-Match, and turns every other status into a SnapiError.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient, SnapiError, type SnapiClient } from '../../client/client.ts';
import { generateClientTypes, GENERATED_FILE, OPENAPI_FILE } from '../../client/generate-client.ts';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { addedEntry, newToken } from '../../generator/plan/token-changes.ts';
import { TOKEN_FILE, writeTokenFile } from '../../generator/plan/token-file.ts';
import { ENDPOINTS } from '../../gateway/api/endpoints.ts';
import { startGateway, type Gateway } from '../../gateway/http/server.ts';
import { copyFixture, removeDir } from '../helpers/fixture-site.ts';

interface Exchange {
  url: string;
  ifNoneMatch: string | null;
  status: number;
}

interface Context {
  folder: string;
  gateway: Gateway;
  exchanges: Exchange[];
  client: (username: string, password: string, cacheEntries?: number) => SnapiClient;
  /** An editor's API token in the fixture's snapshot. */
  token: string;
}

const Client = suite<Context>('createClient against a gateway');

Client.before(async (context) => {
  const site = await copyFixture('site');
  context.folder = join(site, '..');
  const dist = join(context.folder, 'dist');
  context.token = newToken(randomBytes);
  const entry = addedEntry('docs-ci', 'editor', context.token, new Date(), new Date(Date.now() + 3_600_000));
  writeFileSync(join(site, TOKEN_FILE), writeTokenFile([entry]));
  const outcome = await buildSite({ site, out: dist, baseUrl: 'http://localhost:8080' });
  assert.ok(outcome.ok);
  context.gateway = await startGateway({
    dist,
    port: 0,
    host: '127.0.0.1',
    log: () => undefined,
    limiter: { maxFailures: 1000 },
  });
  context.exchanges = [];
  // Records every exchange the client makes, through the real fetch.
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const headers = new Headers(init?.headers);
    context.exchanges.push({
      url: String(input).slice(context.gateway.url.length),
      ifNoneMatch: headers.get('if-none-match'),
      status: response.status,
    });
    return response;
  };
  context.client = (username, password, cacheEntries) =>
    createClient({
      baseUrl: context.gateway.url,
      username,
      password,
      fetch: recording,
      ...(cacheEntries === undefined ? {} : { cacheEntries }),
    });
});

Client.after(async (context) => {
  await context.gateway.close();
  await removeDir(context.folder);
});

Client.before.each((context) => {
  context.exchanges.length = 0;
});

/** The body a plain request gets, parsed. */
async function raw(
  context: Context,
  pathAndQuery: string,
  username = 'admin',
  password = 'fixture-admin',
): Promise<unknown> {
  const response = await fetch(context.gateway.url + pathAndQuery, {
    headers: { Authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
  });
  assert.is(response.status, 200, pathAndQuery);
  // The AI files answer text and markdown.
  return /^text\//.test(response.headers.get('content-type') ?? '') ? response.text() : response.json();
}

Client('every endpoint method returns exactly the body of its request', async (context) => {
  const admin = context.client('admin', 'fixture-admin');
  const calls: Array<[string, () => Promise<unknown>, string]> = [
    ['navigation', () => admin.navigation(), '/api/v1/navigation'],
    ['navigation draft', () => admin.navigation({ draft: true }), '/api/v1/navigation?draft=true'],
    ['navigation published', () => admin.navigation({ draft: false }), '/api/v1/navigation'],
    ['content', () => admin.content({ url: '/names/page' }), '/api/v1/article/content?url=%2Fnames%2Fpage'],
    [
      'content draft',
      () => admin.content({ url: '/posts/draft-newest', draft: true }),
      '/api/v1/article/content?url=%2Fposts%2Fdraft-newest&draft=true',
    ],
    ['meta', () => admin.meta({ url: '/status' }), '/api/v1/article/meta?url=%2Fstatus'],
    ['item', () => admin.item({ url: '/' }), '/api/v1/article/item?url=%2F'],
    ['items', () => admin.items({ slug: 'faq' }), '/api/v1/article/items?slug=faq'],
    ['settings', () => admin.settings(), '/api/v1/settings/'],
    ['mainnavi', () => admin.mainnavi(), '/api/v1/mainnavi/'],
    ['systemnavi', () => admin.systemnavi(), '/api/v1/systemnavi/'],
    [
      'usersByNames',
      () => admin.usersByNames({ usernames: ['editor', 'author2'] }),
      '/api/v1/users/getbynames?usernames%5B%5D=editor&usernames%5B%5D=author2',
    ],
    ['usersByRole', () => admin.usersByRole({ role: 'author' }), '/api/v1/users/getbyrole?role=author'],
    [
      'usersByEmail',
      () => admin.usersByEmail({ email: 'ADMIN@fixture.test' }),
      '/api/v1/users/getbyemail?email=ADMIN%40fixture.test',
    ],
    ['search', () => admin.search({ q: 'faq', limit: 2, offset: 1 }), '/api/v1/search?q=faq&limit=2&offset=1'],
    ['images', () => admin.images(), '/api/v1/images'],
    ['image', () => admin.image({ name: 'chart.png' }), '/api/v1/image?name=chart.png'],
    ['files', () => admin.files(), '/api/v1/files'],
    ['file', () => admin.file({ name: 'report.pdf' }), '/api/v1/file?name=report.pdf'],
    ['pageMedia', () => admin.pageMedia({ path: '07-front-matter' }), '/api/v1/pagemedia?path=07-front-matter'],
    [
      'fileRestrictions',
      () => admin.fileRestrictions({ filename: 'media/files/secret.zip' }),
      '/api/v1/filerestrictions?filename=media%2Ffiles%2Fsecret.zip',
    ],
    ['changes', () => admin.changes(), '/api/v1/changes'],
    ['llmsTxt', () => admin.llmsTxt(), '/llms.txt'],
    ['llmsFullTxt', () => admin.llmsFullTxt(), '/llms-full.txt'],
    ['pageMarkdown', () => admin.pageMarkdown({ url: '/names/apfel-birnen' }), '/names/apfel-birnen.md'],
    ['pageMarkdown home', () => admin.pageMarkdown({ url: '/' }), '/index.md'],
    ['pageMarkdown draft', () => admin.pageMarkdown({ url: '/', draft: true }), '/index.md?draft=true'],
  ];
  assert.equal(new Set(calls.map(([name]) => name.split(' ')[0])), new Set(Object.keys(ENDPOINTS)));
  for (const [name, call, path] of calls) assert.equal(await call(), await raw(context, path), name);
  assert.equal(
    context.exchanges.map(({ url }) => url),
    calls.map(([, , path]) => path),
  );
});

Client('a repeated call revalidates with If-None-Match and returns the remembered body on 304', async (context) => {
  const author = context.client('author2', 'fixture-author2');
  const first = await author.content({ url: '/names/page' });
  first.content.length = 0;
  const second = await author.content({ url: '/names/page' });
  assert.equal(second, await raw(context, '/api/v1/article/content?url=%2Fnames%2Fpage'));
  const [fetched, revalidated] = context.exchanges;
  assert.equal([fetched?.ifNoneMatch, fetched?.status], [null, 200]);
  assert.match(revalidated?.ifNoneMatch ?? '', /^"[A-Za-z0-9_-]+"$/);
  assert.is(revalidated?.status, 304);
});

Client('users answers are never kept, and a cache of 0 entries never revalidates', async (context) => {
  const admin = context.client('admin', 'fixture-admin');
  await admin.usersByRole({ role: 'editor' });
  await admin.usersByRole({ role: 'editor' });
  const uncached = context.client('admin', 'fixture-admin', 0);
  await uncached.navigation();
  await uncached.navigation();
  assert.equal(
    context.exchanges.map(({ ifNoneMatch, status }) => [ifNoneMatch, status]),
    [
      [null, 200],
      [null, 200],
      [null, 200],
      [null, 200],
    ],
  );
});

async function errorOf(call: () => Promise<unknown>): Promise<unknown> {
  return call().then(
    () => assert.unreachable('expected a SnapiError'),
    (error: unknown) => error,
  );
}

Client("401, 403, 404 and 400 become a SnapiError with the status and Typemill's message", async (context) => {
  const errors = await Promise.all([
    errorOf(() => context.client('admin', 'wrong').navigation()),
    errorOf(() => context.client('member', 'fixture-member').content({ url: '/names/page' })),
    errorOf(() => context.client('author2', 'fixture-author2').content({ url: '/no/such/page' })),
    errorOf(() => context.client('author2', 'fixture-author2').items({ slug: '' })),
    errorOf(() => context.client('admin', 'fixture-admin').usersByRole({ role: 'boss' as 'author' })),
  ]);
  assert.equal(
    errors.map((error) => error instanceof SnapiError && [error.status, error.message, error.errors]),
    [
      [401, 'Authentication failed.', undefined],
      [403, 'Permission denied. Your are an member and you cannot read this content', undefined],
      [404, 'page not found', undefined],
      [400, 'Slug is required', { slug: 'Slug is required' }],
      [400, 'Role is invalid', { role: 'Role is invalid' }],
    ],
  );
});

Client('a base URL with a trailing slash reaches the same API', async (context) => {
  const client = createClient({ baseUrl: `${context.gateway.url}/`, username: 'member', password: 'fixture-member' });
  assert.equal(await client.navigation(), await raw(context, '/api/v1/navigation'));
});

const Generated = suite('client/generated/api.ts');

Generated('is what the generator writes from openapi.yaml and the endpoint table today', () => {
  assert.fixture(readFileSync(GENERATED_FILE, 'utf8'), generateClientTypes(readFileSync(OPENAPI_FILE, 'utf8')));
});

Client('with { token } sends it as a Bearer credential and gets the answers of its role', async (context) => {
  const withToken = createClient({ baseUrl: context.gateway.url, token: context.token });
  const withPassword = context.client('editor', 'fixture-editor');
  assert.equal(await withToken.navigation({ draft: true }), await withPassword.navigation({ draft: true }));
  assert.equal(await withToken.content({ url: '/status/faq' }), await withPassword.content({ url: '/status/faq' }));
  const refused = createClient({ baseUrl: context.gateway.url, token: `snapi_${'0'.repeat(43)}` });
  try {
    await refused.navigation();
    assert.unreachable('a wrong token was accepted');
  } catch (error) {
    assert.instance(error, SnapiError);
    assert.equal([(error as SnapiError).status, (error as SnapiError).message], [401, 'Authentication failed.']);
  }
});

Client.run();
Generated.run();
