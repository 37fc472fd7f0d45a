// GET /api/v1/changes over HTTP: current alone without since, empty lists for since = current, 400 for a malformed id,
// 410 with current for one not kept, pages of `limit` with `next`, ETag and 304, a member's lists, the role minimum.
import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { startGateway } from '../../../gateway/http/server.ts';
import type { Gateway } from '../../../gateway/http/server.ts';
import { copyFixture, removeDir } from '../../helpers/fixture-site.ts';

const test = suite('GET /api/v1/changes');
const context = {} as { site: string; gateway: Gateway; ids: string[] };

const basic = (user: string) => `Basic ${Buffer.from(`${user}:fixture-${user}`).toString('base64')}`;

async function get(path: string, user = 'admin', headers: Record<string, string> = {}) {
  const response = await fetch(context.gateway.url + path, { headers: { Authorization: basic(user), ...headers } });
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    body: text === '' ? undefined : JSON.parse(text),
  };
}

test.before(async () => {
  const site = await copyFixture('site');
  const out = join(site, '..', 'dist');
  const ids: string[] = [];
  const build = async () => {
    const outcome = await buildSite({ site, out, baseUrl: 'http://localhost:8080', workers: 0 });
    assert.ok(outcome.ok);
    ids.push(outcome.published.id);
  };
  await build();
  await appendFile(join(site, 'content', '06-contact.md'), '\nEdited.\n');
  for (const name of ['a', 'b', 'c']) await writeFile(join(site, 'content', `09-new-${name}.md`), `# New ${name}\n`);
  await build();
  const gateway = await startGateway({ dist: out, port: 0, host: '127.0.0.1', log: () => {}, pollMs: 60_000 });
  Object.assign(context, { site, gateway, ids });
});

test.after(async () => {
  await context.gateway.close();
  await removeDir(join(context.site, '..'));
});

test('without since: current alone', async () => {
  assert.equal((await get('/api/v1/changes')).body, { current: context.ids[1] });
});

test('since the current snapshot: empty lists', async () => {
  const current = context.ids[1] as string;
  assert.equal((await get(`/api/v1/changes?since=${current}`)).body, {
    since: current,
    current,
    urls: { added: [], changed: [], removed: [] },
    slugs: { added: [], changed: [], removed: [] },
    endpoints: [],
  });
});

test('pages of limit names with next, then the rest; the pages together are the whole answer', async () => {
  const [since, current] = context.ids as [string, string];
  const whole = await get(`/api/v1/changes?since=${since}`);
  assert.equal(whole.body.urls, { added: ['/new-a', '/new-b', '/new-c'], changed: ['/contact'], removed: [] });
  assert.equal(whole.body.slugs, { added: ['new-a', 'new-b', 'new-c'], changed: [], removed: [] });
  assert.ok(whole.body.endpoints.includes('navigation'));
  const first = await get(`/api/v1/changes?since=${since}&limit=5`);
  assert.equal(first.body.urls, whole.body.urls);
  assert.equal(first.body.slugs, { added: ['new-a'], changed: [], removed: [] });
  assert.is(first.body.next, `5@${current}`);
  const second = await get(`/api/v1/changes?since=${since}&limit=5&cursor=${first.body.next}`);
  assert.equal(second.body.urls, { added: [], changed: [], removed: [] });
  assert.equal(second.body.slugs, { added: ['new-b', 'new-c'], changed: [], removed: [] });
  assert.is(second.body.next, undefined);
});

test('an ETag, and 304 for If-None-Match', async () => {
  const path = `/api/v1/changes?since=${context.ids[0]}`;
  const first = await get(path);
  assert.match(first.etag ?? '', /^"[A-Za-z0-9_-]+"$/);
  assert.is((await get(path, 'admin', { 'If-None-Match': first.etag as string })).status, 304);
});

test('a member sees the site-wide endpoints only; a guest is refused', async () => {
  const member = await get(`/api/v1/changes?since=${context.ids[0]}`, 'member');
  assert.equal(member.body.urls, { added: [], changed: [], removed: [] });
  assert.equal(member.body.slugs, { added: [], changed: [], removed: [] });
  assert.ok(member.body.endpoints.includes('navigation'));
  assert.not.ok(member.body.endpoints.includes('search'));
  assert.is((await get(`/api/v1/changes?since=${context.ids[0]}`, 'guest')).status, 403);
});

test('400 for a malformed since or cursor, 410 with current for an id not kept', async () => {
  assert.equal(await get('/api/v1/changes?since=../etc'), {
    status: 400,
    etag: null,
    body: {
      message: 'Since must be a snapshot id, as current gave it',
      errors: { since: 'Since must be a snapshot id, as current gave it' },
    },
  });
  assert.is((await get(`/api/v1/changes?since=${context.ids[0]}&cursor=nope`)).status, 400);
  assert.equal(await get('/api/v1/changes?since=20200101T000000Z-aaaaaa'), {
    status: 410,
    etag: null,
    body: {
      message:
        'Snapshot 20200101T000000Z-aaaaaa is not in the kept history: sync in full, then follow the feed from current.',
      current: context.ids[1],
    },
  });
});

test.run();
