// End to end: the generator builds test/fixtures/site, the gateway serves it; generator and gateway agree on the
// contract.
import { join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { startGateway, type Gateway } from '../../gateway/http/server.ts';
import { FIXTURE_USERS } from '../fixtures/site-users.ts';
import { send } from '../gateway/http-client.ts';
import { copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { readSnapshot } from '../helpers/snapshot-bodies.ts';

const BASE_URL = 'http://localhost/typemill';
const e2e = suite('gateway serving a generated snapshot of the fixture site');
const context = { site: '', out: '', gateway: undefined as Gateway | undefined, bodies: new Map<string, string>() };

function basic(username: string): Record<string, string> {
  const user = FIXTURE_USERS.find((candidate) => candidate.username === username);
  return { Authorization: 'Basic ' + Buffer.from(`${username}:${user?.password}`).toString('base64') };
}

async function get(path: string, username = 'admin', headers: Record<string, string> = {}) {
  return send(context.gateway?.url ?? '', path, { headers: { ...basic(username), ...headers } });
}

e2e.before(async () => {
  context.site = await copyFixture('site');
  context.out = await temporaryDir('e2e-dist');
  const outcome = await buildSite({
    site: context.site,
    out: context.out,
    baseUrl: BASE_URL,
    rootPath: '/var/www/typemill',
  });
  assert.ok(outcome.ok);
  context.bodies = (await readSnapshot(context.out)).bodies;
  context.gateway = await startGateway({
    dist: context.out,
    port: 0,
    host: '127.0.0.1',
    log: () => undefined,
    pollMs: 60_000,
  });
});

e2e.after(async () => {
  await context.gateway?.close();
  await removeDir(join(context.site, '..'));
  await removeDir(context.out);
});

e2e('serves each generated body byte for byte under /api/v1 and under the base path /typemill/api/v1', async () => {
  for (const path of ['/api/v1/navigation', '/typemill/api/v1/navigation/']) {
    const response = await get(path, 'member');
    assert.is(response.status, 200);
    assert.is(response.text, context.bodies.get('navigation:live'));
  }
  assert.is((await get('/api/v1/navigation?draft=true', 'member')).text, context.bodies.get('navigation:draft'));
  assert.is((await get('/api/v1/settings', 'manager')).text, context.bodies.get('settings'));
  assert.is((await get('/api/v1/mainnavi', 'member')).text, context.bodies.get('mainnavi:member'));
  assert.is((await get('/api/v1/systemnavi', 'admin')).text, context.bodies.get('systemnavi:administrator'));
});

e2e('finds an item by every spelling Typemill normalises, and not by the ones it does not', async () => {
  const expected = context.bodies.get('item:/status');
  for (const url of ['status', '/status/', '///status//', '/tm/content/visual/status', 'tm/content/raw/status']) {
    const response = await get(`/api/v1/article/item?url=${encodeURIComponent(url)}`, 'author2');
    assert.is(response.status, 200, url);
    assert.is(response.text, expected, url);
  }
  for (const url of ['/Status', '/typemill/status', '/status%20', '/status?x=1']) {
    const response = await get(`/api/v1/article/item?url=${encodeURIComponent(url)}`, 'author2');
    assert.equal([response.status, response.text], [404, '{"message":"page not found"}'], url);
  }
  assert.is((await get('/api/v1/article/item?url=/', 'author2')).text, context.bodies.get('item:/'));
  assert.is((await get('/api/v1/article/content?url=', 'author2')).status, 400);
});

e2e('enforces allowedrole from page metadata: the editor reads the restricted FAQ, the author does not', async () => {
  const denied = await get('/api/v1/article/content?url=/status/faq', 'author2');
  assert.equal([denied.status, denied.text], [403, '{"message":"You do not have enough rights."}']);
  const allowed = await get('/api/v1/article/content?url=/status/faq', 'editor');
  assert.equal([allowed.status, allowed.text], [200, context.bodies.get('content:live:/status/faq')]);
});

e2e('needs both allowedrole and alloweduser when a page sets both: one rule holding is not enough', async () => {
  const denied = '{"message":"You do not have enough rights."}';
  const answers = [];
  for (const username of ['author2', 'editor', 'manager', 'admin']) {
    for (const endpoint of ['content', 'meta', 'item']) {
      const response = await get(`/api/v1/article/${endpoint}?url=/both-rules`, username);
      answers.push([username, endpoint, response.status, response.text]);
    }
  }
  const allowed = (endpoint: string) =>
    context.bodies.get(endpoint === 'content' ? 'content:live:/both-rules' : `${endpoint}:/both-rules`);
  assert.equal(answers, [
    ...['author2', 'editor'].flatMap((username) =>
      ['content', 'meta', 'item'].map((endpoint) => [username, endpoint, 403, denied]),
    ),
    ...['manager', 'admin'].flatMap((username) =>
      ['content', 'meta', 'item'].map((endpoint) => [username, endpoint, 200, allowed(endpoint)]),
    ),
  ]);
  const items = JSON.parse((await get('/api/v1/article/items?slug=both-rules', 'manager')).text) as {
    items: Array<{ path: string }>;
  };
  assert.equal(
    items.items.map((item) => item.path),
    ['/08-both-rules.md'],
  );
  assert.is((await get('/api/v1/article/items?slug=both-rules', 'editor')).status, 404);
});

e2e('drops restricted items from a slug lookup for callers who may not read them', async () => {
  const forAuthor = JSON.parse((await get('/api/v1/article/items?slug=faq', 'author2')).text) as {
    items: Array<{ path: string }>;
  };
  assert.equal(
    forAuthor.items.map((item) => item.path),
    ['/05-no-index/00-faq.md'],
  );
  const forEditor = JSON.parse((await get('/api/v1/article/items?slug=faq', 'editor')).text) as {
    items: Array<{ path: string }>;
  };
  assert.equal(
    forEditor.items.map((item) => item.path),
    ['/02-status/05-faq.md', '/05-no-index/00-faq.md'],
  );
});

e2e('answers the users endpoints from the generated user tables', async () => {
  const byNames = JSON.parse(
    (await get('/api/v1/users/getbynames?usernames[]=author10&usernames[]=x!&usernames[]=author2&usernames[]=author10'))
      .text,
  ) as { userdata: Array<{ username: string }> };
  assert.equal(
    byNames.userdata.map((user) => user.username),
    ['author10', 'author2'],
  );
  assert.is((await get('/api/v1/users/getbyrole?role=author')).text, context.bodies.get('users:role:author'));
  const byEmail = await get('/api/v1/users/getbyemail?email=SHARED@fixture.test');
  assert.is(byEmail.text, context.bodies.get('users:email:shared@fixture.test'));
  assert.is(byEmail.headers['cache-control'], 'private, no-store');
  assert.equal((await get('/api/v1/users/getbyemail?email=nobody@fixture.test')).text, '{"userdata":[]}');
});

e2e('sends gzip and brotli variants that decode to the identity body', async () => {
  const identity = context.bodies.get('navigation:draft') ?? '';
  const gzip = await get('/api/v1/navigation?draft=1', 'member', { 'Accept-Encoding': 'gzip' });
  assert.is(gzip.headers['content-encoding'], 'gzip');
  assert.is(gunzipSync(gzip.body).toString('utf8'), identity);
  const brotli = await get('/api/v1/navigation?draft=1', 'member', { 'Accept-Encoding': 'gzip;q=0.5, br' });
  assert.is(brotli.headers['content-encoding'], 'br');
  assert.is(brotliDecompressSync(brotli.body).toString('utf8'), identity);
});

e2e('refuses the user without API access and the guest, whatever their password', async () => {
  const noApi = await get('/api/v1/navigation', 'noapi');
  assert.equal([noApi.status, noApi.text], [401, '{"message":"Authentication failed."}']);
  const guest = await get('/api/v1/navigation', 'guest');
  assert.equal(
    [guest.status, guest.text],
    [403, '{"message":"Permission denied. Your are an guest and you cannot read this content"}'],
  );
});

e2e.run();
