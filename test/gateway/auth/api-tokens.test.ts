// API tokens over real HTTP on a generated snapshot of the fixture site: a token answers exactly as Basic credentials
// of its role do, on every endpoint, search, media and MCP; expiry, revocation and every refused form.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { startGateway, type Gateway } from '../../../gateway/http/server.ts';
import { ENDPOINT_SPECS } from '../../../contract/endpoints.ts';
import { writeTokenFile, TOKEN_FILE, type TokenFileEntry } from '../../../generator/plan/token-file.ts';
import { addedEntry, newToken } from '../../../generator/plan/token-changes.ts';
import { asPhpHash, newUserYaml } from '../../../generator/plan/user-file.ts';
import { send, type RawResponse } from '../http-client.ts';
import { copyFixture, removeDir, temporaryDir } from '../../helpers/fixture-site.ts';

const T0 = Date.parse('2030-01-01T00:00:00Z');
const ROLES = ['member', 'contributor', 'author', 'editor', 'manager', 'administrator'] as const;
/** Per role, a Basic user whom no `alloweduser` names: the answers a caller of that role without a name gets. */
const UNNAMED_USERS: Record<(typeof ROLES)[number], { username: string; password: string }> = {
  member: { username: 'member', password: 'fixture-member' },
  contributor: { username: 'contributor', password: 'fixture-contributor' },
  author: { username: 'author10', password: 'fixture-author10' },
  editor: { username: 'editorx', password: 'fixture-editorx' },
  manager: { username: 'managerx', password: 'fixture-managerx' },
  administrator: { username: 'admin', password: 'fixture-admin' },
};

/** One request per endpoint of the table at least, with the pages restricted by role and by user name. */
const REQUESTS: Array<{ endpoint: string; path: string }> = [
  { endpoint: 'navigation', path: '/api/v1/navigation' },
  { endpoint: 'navigation', path: '/api/v1/navigation?draft=true' },
  { endpoint: 'content', path: '/api/v1/article/content?url=/both-rules' },
  { endpoint: 'content', path: '/api/v1/article/content?url=/posts/draft-newest&draft=true' },
  { endpoint: 'content', path: '/api/v1/article/content?url=/status/faq' },
  { endpoint: 'meta', path: '/api/v1/article/meta?url=/both-rules' },
  { endpoint: 'item', path: '/api/v1/article/item?url=/posts' },
  { endpoint: 'items', path: '/api/v1/article/items?slug=faq' },
  { endpoint: 'settings', path: '/api/v1/settings' },
  { endpoint: 'mainnavi', path: '/api/v1/mainnavi' },
  { endpoint: 'systemnavi', path: '/api/v1/systemnavi' },
  { endpoint: 'usersByNames', path: '/api/v1/users/getbynames?usernames[]=editor&usernames[]=admin' },
  { endpoint: 'usersByRole', path: '/api/v1/users/getbyrole?role=editor' },
  { endpoint: 'usersByEmail', path: '/api/v1/users/getbyemail?email=nobody@example.org' },
  { endpoint: 'search', path: '/api/v1/search?q=restricted' },
  { endpoint: 'search', path: '/api/v1/search?q=post&draft=true' },
  { endpoint: 'images', path: '/api/v1/images' },
  { endpoint: 'image', path: '/api/v1/image?name=chart.png' },
  { endpoint: 'files', path: '/api/v1/files' },
  { endpoint: 'file', path: '/api/v1/file?name=secret.zip' },
  { endpoint: 'pageMedia', path: '/api/v1/pagemedia?path=/08-both-rules' },
  { endpoint: 'fileRestrictions', path: '/api/v1/filerestrictions?filename=media/files/secret.zip' },
  { endpoint: 'media', path: '/media/files/secret.zip' },
  { endpoint: 'changes', path: '/api/v1/changes' },
  { endpoint: 'llmsTxt', path: '/llms.txt' },
  { endpoint: 'llmsFullTxt', path: '/llms-full.txt' },
  { endpoint: 'pageMarkdown', path: '/both-rules.md' },
  { endpoint: 'pageMarkdown', path: '/posts/draft-newest.md?draft=true' },
];

const MCP_CALLS = [
  { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_pages', arguments: { query: 'restricted' } } },
  { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_page', arguments: { url: '/both-rules' } } },
  { jsonrpc: '2.0', id: 3, method: 'resources/list', params: {} },
];
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

const context = {
  site: '',
  out: '',
  clock: T0,
  gateway: undefined as Gateway | undefined,
  logs: [] as string[],
  tokens: new Map<string, string>(),
  entries: [] as TokenFileEntry[],
};

const basic = (user: { username: string; password: string }) =>
  `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;
const bearer = (name: string) => `Bearer ${context.tokens.get(name)}`;
const url = () => context.gateway?.url ?? '';

function get(path: string, authorization?: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return send(url(), path, { headers: { ...(authorization ? { Authorization: authorization } : {}), ...headers } });
}

/** Status, headers but the date, and body bytes: what must be the same for a token and Basic credentials. */
function comparable(response: RawResponse): string {
  const { date: _date, ...headers } = response.headers;
  return JSON.stringify({ status: response.status, headers, body: response.body.toString('base64') });
}

async function mcp(message: unknown, authorization: string): Promise<string> {
  const response = await fetch(`${url()}/mcp`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, Authorization: authorization },
    body: JSON.stringify(message),
  });
  return `${response.status} ${await response.text()}`;
}

async function build(): Promise<void> {
  await writeFile(join(context.site, TOKEN_FILE), writeTokenFile(context.entries));
  const outcome = await buildSite({ site: context.site, out: context.out, baseUrl: 'http://localhost', workers: 0 });
  if (!outcome.ok) throw new Error(outcome.errors.map((error) => error.message).join('\n'));
}

function addToken(name: string, role: string, expiresMs: number): void {
  const token = newToken(randomBytes);
  context.tokens.set(name, token);
  context.entries.push(addedEntry(name, role, token, new Date(T0 - 1000), new Date(expiresMs)));
}

const tokens = suite('API tokens answer as Basic credentials of their role');
tokens.before(async () => {
  context.site = await copyFixture('site');
  context.out = await temporaryDir('api-tokens-dist');
  for (const role of ['editor', 'manager'] as const) {
    const { username, password } = UNNAMED_USERS[role];
    const hash = asPhpHash(bcrypt.hashSync(password, 4));
    await writeFile(
      join(context.site, 'settings', 'users', `${username}.yaml`),
      newUserYaml({ name: username, role, hash }),
    );
  }
  for (const role of ROLES) addToken(role, role, T0 + 86_400_000);
  addToken('short', 'author', T0 + 10_000);
  addToken('gone', 'author', T0 + 86_400_000);
  await build();
  context.gateway = await startGateway({
    dist: context.out,
    port: 0,
    host: '127.0.0.1',
    log: (line) => context.logs.push(line),
    now: () => context.clock,
    pollMs: 60_000,
    limiter: { maxFailures: 1000 },
  });
});
tokens.after(async () => {
  await context.gateway?.close();
  await removeDir(join(context.site, '..'));
  await removeDir(context.out);
});

tokens('the requests cover every endpoint of the table', () => {
  const covered = new Set(REQUESTS.map((request) => request.endpoint));
  for (const name of Object.keys(ENDPOINT_SPECS)) assert.ok(covered.has(name), `no token case for endpoint ${name}`);
});

tokens(
  'every endpoint answers a token byte for byte as Basic credentials of the same role, for every role',
  async () => {
    const administrator: number[] = [];
    const statuses = new Set<number>();
    for (const role of ROLES)
      for (const { path } of REQUESTS)
        for (const encoding of [{}, { 'Accept-Encoding': 'br' }] as Array<Record<string, string>>) {
          const withBasic = await get(path, basic(UNNAMED_USERS[role]), encoding);
          const withToken = await get(path, bearer(role), encoding);
          assert.is(comparable(withToken), comparable(withBasic), `${role} ${path} ${JSON.stringify(encoding)}`);
          statuses.add(withToken.status);
          if (role === 'administrator' && !('Accept-Encoding' in encoding)) administrator.push(withToken.status);
        }
    // The cases are answers, not refusals: the administrator reads every one, lower roles meet 403s.
    assert.equal(
      administrator,
      REQUESTS.map(() => 200),
    );
    assert.equal([...statuses].sort(), [200, 403]);
  },
);

tokens('a revalidation with the ETag a token got answers 304, as for Basic credentials', async () => {
  const first = await get('/api/v1/navigation', bearer('author'));
  const again = await get('/api/v1/navigation', bearer('author'), { 'If-None-Match': String(first.headers.etag) });
  assert.is(again.status, 304);
});

tokens('MCP over HTTP answers a token as Basic credentials of its role', async () => {
  for (const role of ['author', 'manager', 'administrator'] as const)
    for (const call of MCP_CALLS) assert.is(await mcp(call, bearer(role)), await mcp(call, basic(UNNAMED_USERS[role])));
});

tokens('a token has no user name: a page that names its reader is refused to a manager token', async () => {
  const named = await get(
    '/api/v1/article/content?url=/both-rules',
    basic({ username: 'manager', password: 'fixture-manager' }),
  );
  const token = await get('/api/v1/article/content?url=/both-rules', bearer('manager'));
  const admin = await get('/api/v1/article/content?url=/both-rules', bearer('administrator'));
  assert.is(named.status, 200);
  assert.is(token.status, 403);
  assert.is(admin.text, named.text);
});

tokens('the request log names the token and never holds it', async () => {
  const before = context.logs.length;
  await get('/api/v1/navigation', bearer('editor'));
  await new Promise((resolve) => setTimeout(resolve, 10));
  const line = JSON.parse(context.logs.slice(before).find((text) => text.includes('"path"')) ?? '{}');
  assert.is(line.user, 'editor');
  assert.is(line.status, 200);
});

const REFUSED = {
  status: 401,
  body: '{"message":"Authentication failed."}',
  challenge: 'Bearer error="invalid_token"',
};

tokens('a malformed, unknown or Basic-shaped Bearer header is refused with invalid_token and no detail', async () => {
  const valid = context.tokens.get('author') ?? '';
  for (const header of [
    'Bearer',
    'Bearer ',
    'Bearer snapi_short',
    `Bearer ${valid}x`,
    `Bearer ${valid.slice(0, -1)}${valid.endsWith('A') ? 'B' : 'A'}`,
    `Bearer ${valid} ${valid}`,
    `bearer ${valid.replace('snapi_', 'snapy_')}`,
    `Bearer ${Buffer.from('admin:fixture-admin').toString('base64')}`,
    `Bearer snapi_${'A'.repeat(43)}`,
  ]) {
    const response = await get('/api/v1/navigation', header);
    assert.equal(
      { status: response.status, body: response.text, challenge: response.headers['www-authenticate'] },
      REFUSED,
      header,
    );
  }
});

tokens('the Bearer scheme is case-insensitive and a token in any case of it passes', async () => {
  const response = await get('/api/v1/navigation', `bEaReR ${context.tokens.get('member')}`);
  assert.is(response.status, 200);
});

tokens('a token in the query string or a cookie is never accepted', async () => {
  const token = context.tokens.get('administrator') ?? '';
  for (const [path, headers] of [
    [`/api/v1/navigation?access_token=${token}`, {}],
    [`/api/v1/navigation?token=${token}`, {}],
    ['/api/v1/navigation', { Cookie: `token=${token}` }],
    ['/api/v1/navigation', { Cookie: `access_token=${token}; snapi=${token}` }],
  ] as const) {
    const response = await get(path, undefined, headers);
    assert.is(response.status, 401, path);
    assert.is(response.text, '{"message":"Authentication required."}');
  }
});

tokens('a token is refused from the millisecond it expires, without a rebuild', async () => {
  context.clock = T0 + 9_999;
  assert.is((await get('/api/v1/navigation', bearer('short'))).status, 200);
  context.clock = T0 + 10_000;
  const expired = await get('/api/v1/navigation', bearer('short'));
  assert.is(expired.status, 401);
  assert.is(expired.headers['www-authenticate'], REFUSED.challenge);
  context.clock = T0;
});

tokens('the serving machine revokes a token at once by name or by hash, read again on reload (SIGHUP)', async () => {
  // The revocation file is an option of the gateway: a second gateway on the same snapshot holds one.
  const revokedFile = join(context.out, '..', `revoked-${process.pid}.txt`);
  await writeFile(revokedFile, '# none yet\n');
  const gateway = await startGateway({
    dist: context.out,
    port: 0,
    host: '127.0.0.1',
    log: () => undefined,
    now: () => context.clock,
    pollMs: 60_000,
    revokedTokens: revokedFile,
  });
  try {
    const ask = (name: string) =>
      send(gateway.url, '/api/v1/navigation', { headers: { Authorization: bearer(name) } }).then((r) => r.status);
    assert.is(await ask('gone'), 200);
    const goneHash = context.entries.find((entry) => entry.name === 'gone')?.sha256 ?? '';
    await writeFile(revokedFile, `gone\n${context.entries.find((entry) => entry.name === 'editor')?.sha256}\n`);
    assert.is(await ask('gone'), 200, 'not before the reload');
    await gateway.reload();
    assert.is(await ask('gone'), 401);
    assert.is(await ask('editor'), 401);
    assert.is(await ask('author'), 200);
    await writeFile(revokedFile, `${goneHash}\n`);
    await gateway.reload();
    assert.is(await ask('gone'), 401);
    assert.is(await ask('editor'), 200);
  } finally {
    await gateway.close();
    await removeDir(revokedFile);
  }
});

tokens('a token removed from the token file is refused after the next snapshot', async () => {
  assert.is((await get('/api/v1/navigation', bearer('gone'))).status, 200);
  context.entries = context.entries.filter((entry) => entry.name !== 'gone');
  await build();
  await context.gateway?.reload();
  assert.is((await get('/api/v1/navigation', bearer('gone'))).status, 401);
  assert.is((await get('/api/v1/navigation', bearer('author'))).status, 200);
});

tokens('the token file and the snapshot hold hashes, never a token, and no log line holds one', async () => {
  await new Promise((resolve) => setTimeout(resolve, 10));
  const texts = [
    await readFile(join(context.site, TOKEN_FILE), 'utf8'),
    await readFile(join(context.out, 'current', 'accounts.json'), 'utf8'),
    context.logs.join('\n'),
  ];
  for (const text of texts) {
    assert.not.match(text, /snapi_[A-Za-z0-9_-]{10}/);
    for (const token of context.tokens.values()) assert.not.ok(text.includes(token.slice(6)));
  }
});

tokens.run();
