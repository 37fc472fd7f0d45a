// `--cdn`: answers a shared cache may store are `public, no-cache` with the strong ETag; every revalidation is still
// authenticated.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { send } from '../gateway/http-client.ts';
import { USERS, basic } from '../gateway/fixture.ts';
import { startFixture } from '../gateway/start-fixture.ts';
import type { RunningFixture } from '../gateway/start-fixture.ts';

const EDITOR = { Authorization: basic(USERS.editor) };
const ADMIN = { Authorization: basic(USERS.administrator) };
const WRONG = { Authorization: basic({ username: USERS.editor.username, password: 'not-the-password' }) };

interface Context {
  cdn: RunningFixture;
  plain: RunningFixture;
}

const Cdn = suite<Context>('CDN cache policy');

Cdn.before(async (context) => {
  context.cdn = await startFixture('cdn', {}, { cdn: true });
  context.plain = await startFixture('cdn-off');
});
Cdn.after(async ({ cdn, plain }) => {
  await cdn.gateway.close();
  await plain.gateway.close();
});

const policy = async (fixture: RunningFixture, path: string, headers: Record<string, string>) => {
  const response = await send(fixture.gateway.url, path, { headers });
  return [response.status, response.headers['cache-control'], /^"[^"]+"$/.test(String(response.headers.etag))];
};

Cdn(
  'with --cdn, shared answers are public, no-cache with a strong ETag; users answers stay private, no-store',
  async ({ cdn }) => {
    assert.equal(await policy(cdn, '/api/v1/navigation', EDITOR), [200, 'public, no-cache', true]);
    assert.equal(await policy(cdn, '/api/v1/article/content?url=/getting-started', EDITOR), [
      200,
      'public, no-cache',
      true,
    ]);
    assert.equal(await policy(cdn, '/api/v1/users/getbyrole?role=editor', ADMIN), [200, 'private, no-store', true]);
  },
);

Cdn('without --cdn, shared answers stay private, no-cache', async ({ plain }) => {
  assert.equal(await policy(plain, '/api/v1/navigation', EDITOR), [200, 'private, no-cache', true]);
});

Cdn('a revalidation with a matching If-None-Match but wrong credentials gets 401, with them 304', async ({ cdn }) => {
  const first = await send(cdn.gateway.url, '/api/v1/navigation', { headers: EDITOR });
  const etag = String(first.headers.etag);
  const wrong = await send(cdn.gateway.url, '/api/v1/navigation', { headers: { ...WRONG, 'If-None-Match': etag } });
  const none = await send(cdn.gateway.url, '/api/v1/navigation', { headers: { 'If-None-Match': etag } });
  const right = await send(cdn.gateway.url, '/api/v1/navigation', { headers: { ...EDITOR, 'If-None-Match': etag } });
  assert.equal(
    [wrong.status, JSON.parse(wrong.text), wrong.headers['cache-control']],
    [401, { message: 'Authentication failed.' }, 'no-store'],
  );
  assert.equal([none.status, JSON.parse(none.text)], [401, { message: 'Authentication required.' }]);
  assert.equal(
    [right.status, right.headers['cache-control'], right.headers.etag, right.text],
    [304, 'public, no-cache', etag, ''],
  );
});

Cdn('a role without access gets 403 on revalidation, never the 304', async ({ cdn }) => {
  const first = await send(cdn.gateway.url, '/api/v1/settings', { headers: ADMIN });
  const member = await send(cdn.gateway.url, '/api/v1/settings', {
    headers: { Authorization: basic(USERS.member), 'If-None-Match': String(first.headers.etag) },
  });
  assert.equal([first.status, first.headers['cache-control'], member.status], [200, 'public, no-cache', 403]);
});

Cdn.run();
