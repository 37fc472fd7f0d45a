// Response headers, conditional requests, compression, HEAD, trailing slashes, base path, streaming, health, logs.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { send } from '../http-client.ts';
import { BIG_CONTENT, BODIES, USERS, basic } from '../fixture.ts';
import { startFixture } from '../start-fixture.ts';
import type { RunningFixture } from '../start-fixture.ts';

type Context = { fixture: RunningFixture };
const ADMIN = { Authorization: basic(USERS.administrator) };
const NAVIGATION = BODIES['navigation:live']!.json;

const Headers = suite<Context>('headers on 200 and 304');
Headers.before(async (context) => {
  context.fixture = await startFixture('headers');
});
Headers.after(({ fixture }) => fixture.gateway.close());

Headers(
  'sends JSON, length, ETag, cache policy, Vary and nosniff on a 200, and no CORS headers',
  async ({ fixture }) => {
    const response = await send(fixture.gateway.url, '/api/v1/navigation', { headers: ADMIN });
    const { date, connection, etag, ...rest } = response.headers;
    assert.match(String(etag), /^"[0-9a-f]{20}"$/);
    assert.equal(rest, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(NAVIGATION)),
      'cache-control': 'private, no-cache',
      vary: 'Authorization, Accept-Encoding',
      'x-content-type-options': 'nosniff',
    });
    assert.is(response.text, NAVIGATION);
  },
);

Headers('uses private, no-store on the users endpoints', async ({ fixture }) => {
  for (const path of [
    '/api/v1/users/getbyrole?role=editor',
    '/api/v1/users/getbynames?usernames[]=adminuser',
    '/api/v1/users/getbyemail?email=x@example.org',
  ]) {
    const response = await send(fixture.gateway.url, path, { headers: ADMIN });
    assert.equal([path, response.status, response.headers['cache-control']], [path, 200, 'private, no-store']);
  }
});

Headers('answers 304 for a matching If-None-Match: exact, in a list, weak, and *', async ({ fixture }) => {
  const first = await send(fixture.gateway.url, '/api/v1/navigation', { headers: ADMIN });
  const etag = String(first.headers.etag);
  for (const ifNoneMatch of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
    const response = await send(fixture.gateway.url, '/api/v1/navigation', {
      headers: { ...ADMIN, 'If-None-Match': ifNoneMatch },
    });
    const { date, connection, ...rest } = response.headers;
    assert.equal(
      [ifNoneMatch, response.status, response.text, rest],
      [
        ifNoneMatch,
        304,
        '',
        {
          etag,
          'cache-control': 'private, no-cache',
          vary: 'Authorization, Accept-Encoding',
          'x-content-type-options': 'nosniff',
        },
      ],
    );
  }
  const other = await send(fixture.gateway.url, '/api/v1/navigation', {
    headers: { ...ADMIN, 'If-None-Match': '"other"' },
  });
  assert.equal([other.status, other.text], [200, NAVIGATION]);
});

Headers('gives composed bodies an ETag from their bytes and answers 304 for it', async ({ fixture }) => {
  const path = '/api/v1/article/items?slug=setup';
  const first = await send(fixture.gateway.url, path, { headers: ADMIN });
  const again = await send(fixture.gateway.url, path, {
    headers: { ...ADMIN, 'If-None-Match': String(first.headers.etag) },
  });
  const asAuthor = await send(fixture.gateway.url, path, {
    headers: { Authorization: basic(USERS.author), 'If-None-Match': String(first.headers.etag) },
  });
  assert.equal([first.status, again.status, asAuthor.status], [200, 304, 200]);
  assert.is.not(asAuthor.headers.etag, first.headers.etag);
});

Headers('does not answer 304 to a caller who may not read the page', async ({ fixture }) => {
  const response = await send(fixture.gateway.url, '/api/v1/article/content?url=editors-only', {
    headers: { Authorization: basic(USERS.author), 'If-None-Match': '*' },
  });
  assert.equal([response.status, response.text], [403, '{"message":"You do not have enough rights."}']);
});

const Encoding = suite<Context>('Accept-Encoding negotiation');
Encoding.before(async (context) => {
  context.fixture = await startFixture('encoding');
});
Encoding.after(({ fixture }) => fixture.gateway.close());

const decoders: Record<string, (body: Buffer) => Buffer> = {
  gzip: gunzipSync,
  br: brotliDecompressSync,
  none: (body) => body,
};

Encoding('sends the precompressed variant the q-values prefer, decoding to the identity body', async ({ fixture }) => {
  const cases: Array<[string, string]> = [
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['BR;Q=0.9, GZIP;q=0.1', 'br'],
    ['identity', 'none'],
    ['gzip;q=0, br;q=0', 'none'],
    ['deflate', 'none'],
    ['', 'none'],
  ];
  for (const [acceptEncoding, expected] of cases) {
    const response = await send(fixture.gateway.url, '/api/v1/navigation', {
      headers: { ...ADMIN, 'Accept-Encoding': acceptEncoding },
    });
    const encoding = response.headers['content-encoding'] ?? 'none';
    assert.equal(
      [acceptEncoding, encoding, Number(response.headers['content-length']) === response.body.length],
      [acceptEncoding, expected, true],
    );
    assert.is(decoders[encoding]!(response.body).toString('utf8'), NAVIGATION);
  }
});

Encoding('sends identity for bodies without variants and for composed bodies', async ({ fixture }) => {
  for (const path of ['/api/v1/settings', '/api/v1/article/items?slug=setup']) {
    const response = await send(fixture.gateway.url, path, { headers: { ...ADMIN, 'Accept-Encoding': 'br, gzip' } });
    assert.equal([path, response.status, response.headers['content-encoding']], [path, 200, undefined]);
  }
});

Encoding('sends a body larger than 64 KiB whole, also compressed', async ({ fixture }) => {
  const plain = await send(fixture.gateway.url, '/api/v1/article/content?url=big', { headers: ADMIN });
  assert.equal(
    [plain.status, plain.headers['content-length'], plain.text === BIG_CONTENT],
    [200, String(Buffer.byteLength(BIG_CONTENT)), true],
  );
  const gzip = await send(fixture.gateway.url, '/api/v1/article/content?url=big', {
    headers: { ...ADMIN, 'Accept-Encoding': 'gzip' },
  });
  assert.is(gunzipSync(gzip.body).toString('utf8') === BIG_CONTENT, true);
});

const Head = suite<Context>('HEAD and path variants');
Head.before(async (context) => {
  context.fixture = await startFixture('head', { basePath: '/handbook' });
});
Head.after(({ fixture }) => fixture.gateway.close());

Head('answers HEAD with the headers of GET and no body', async ({ fixture }) => {
  const response = await send(fixture.gateway.url, '/api/v1/article/content?url=big', {
    method: 'HEAD',
    headers: ADMIN,
  });
  assert.equal(
    [response.status, response.headers['content-length'], response.body.length],
    [200, String(Buffer.byteLength(BIG_CONTENT)), 0],
  );
});

Head('answers with and without a trailing slash, with and without the base path', async ({ fixture }) => {
  for (const path of [
    '/api/v1/navigation',
    '/api/v1/navigation/',
    '/handbook/api/v1/navigation',
    '/handbook/api/v1/navigation/',
    '/api/v1/navigation/?draft=0',
  ]) {
    const response = await send(fixture.gateway.url, path, { headers: ADMIN });
    assert.equal([path, response.status, response.text], [path, 200, NAVIGATION]);
  }
  for (const path of [
    '/other/api/v1/navigation',
    '/handbookapi/v1/navigation',
    '/handbook/handbook/api/v1/navigation',
  ]) {
    const response = await send(fixture.gateway.url, path, { headers: ADMIN });
    assert.equal([path, response.status], [path, 404]);
  }
});

Head('answers /healthz without credentials with the snapshot id, build time and counts', async ({ fixture }) => {
  const response = await send(fixture.gateway.url, '/healthz');
  const counts = JSON.parse(response.text).counts as Record<string, number>;
  assert.equal([response.status, response.headers['cache-control']], [200, 'no-store']);
  assert.is(
    response.text,
    JSON.stringify({ status: 'ok', snapshot: 'head-1', builtAt: '2025-01-02T03:04:05.000Z', counts }),
  );
  assert.equal(counts.responses, Object.keys(BODIES).length);
});

Head('logs one JSON line per request with user and status, never the Authorization header', async ({ fixture }) => {
  fixture.logs.length = 0;
  await send(fixture.gateway.url, '/api/v1/navigation?draft=true', { headers: ADMIN });
  await send(fixture.gateway.url, '/nothing', { headers: ADMIN });
  const lines = fixture.logs.map(({ time, ms, ...rest }) => ({
    ...rest,
    hasTime: typeof time === 'string',
    hasMs: typeof ms === 'number',
  }));
  assert.equal(lines, [
    {
      method: 'GET',
      path: '/api/v1/navigation?draft=true',
      status: 200,
      bytes: Buffer.byteLength(BODIES['navigation:draft']!.json),
      user: 'adminuser',
      hasTime: true,
      hasMs: true,
    },
    {
      method: 'GET',
      path: '/nothing',
      status: 404,
      bytes: Buffer.byteLength('{"message":"Not found. The API lives under /api/v1/."}'),
      user: null,
      hasTime: true,
      hasMs: true,
    },
  ]);
  assert.not.match(JSON.stringify(fixture.logs), ADMIN.Authorization.slice(6));
});

Headers.run();
Encoding.run();
Head.run();
