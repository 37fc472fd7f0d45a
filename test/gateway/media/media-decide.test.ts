// Media files in the decision order, in memory: public files skip checks 4–9, restricted ones need credentials and
// their role, and the reply says which bytes of which stored file to send.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decide } from '../../../gateway/api/decide.ts';
import type { GatewayRequest } from '../../../gateway/api/decide.ts';
import { KEYS, keyOf } from '../../../gateway/api/endpoints.ts';
import { createLoginLimiter, DEFAULT_LIMITER_OPTIONS } from '../../../gateway/auth/login-limiter.ts';
import { ROLES } from '../../../contract/snapshot.ts';
import type { Account } from '../../../contract/snapshot.ts';
import type { Reply } from '../../../gateway/reply/reply.ts';
import { countingVerify, fakeHash, memoryState } from '../memory-state.ts';

const ACCOUNTS: Account[] = ROLES.map((role) => ({
  username: `${role}user`,
  role,
  apiaccess: true,
  hash: fakeHash(`pw-${role}`),
}));
const auth = (role: string, password = `pw-${role}`) =>
  `Basic ${Buffer.from(`${role}user:${password}`).toString('base64')}`;
const PICTURE = '0123456789';

function setUp(trustedIps: string[] = []) {
  const state = memoryState({
    accounts: ACCOUNTS,
    access: { trustedIps },
    basePath: '/docs',
    bodies: {
      [keyOf(KEYS.mediaLive, 'pic.png')]: { json: PICTURE },
      [keyOf(KEYS.mediaThumbs, 'logo.svg')]: { json: '<svg/>' },
      [keyOf(KEYS.mediaFiles, 'open.pdf')]: { json: '%PDF open' },
      [keyOf(KEYS.mediaFiles, 'plan ü.zip')]: { json: 'PK', restriction: { role: 'editor' } },
    },
  });
  const tables = {
    state,
    limiter: createLoginLimiter(DEFAULT_LIMITER_OPTIONS),
    verify: countingVerify(),
    now: 1_000_000,
  };
  const ask = (target: string, extra: Partial<GatewayRequest> = {}) =>
    Promise.resolve(decide({ method: 'GET', target, peerAddress: '127.0.0.1', ...extra }, tables));
  const etag = (key: string) => state.snapshot.entries.get(key)?.etag ?? '';
  return { tables, ask, etag };
}

const headersOf = (reply: Reply) => (Array.isArray(reply.headers) ? {} : reply.headers);
const sent = (reply: Reply) =>
  reply.body.kind === 'file'
    ? [reply.body.start, reply.body.end]
    : reply.body.kind === 'bytes'
      ? reply.body.bytes.toString()
      : reply.body.kind;

const order = suite('decide: media files');

order('answers a public file without looking at credentials, with the whole stored file to stream', async () => {
  const { ask, tables, etag } = setUp();
  const reply = await ask('/docs/media/live/pic.png', { authorization: auth('administrator', 'wrong') });
  assert.equal(
    [reply.status, headersOf(reply), sent(reply)],
    [
      200,
      {
        'Content-Type': 'image/png',
        ETag: etag('media:live:pic.png'),
        'Cache-Control': 'public, no-cache',
        'Accept-Ranges': 'bytes',
        'X-Content-Type-Options': 'nosniff',
        'Content-Length': '10',
      },
      [0, 9],
    ],
  );
  assert.is(tables.verify.calls.length, 0);
  const svg = await ask('/media/thumbs/logo.svg');
  assert.is(
    headersOf(svg)['Content-Security-Policy'],
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
  );
});

order('ranges a public file and answers 304 for its ETag', async () => {
  const { ask, etag } = setUp();
  const part = await ask('/media/live/pic.png', { range: 'bytes=2-4' });
  assert.equal(
    [part.status, headersOf(part)['Content-Range'], headersOf(part)['Content-Length'], sent(part)],
    [206, 'bytes 2-4/10', '3', [2, 4]],
  );
  const notModified = await ask('/media/live/pic.png', { ifNoneMatch: etag('media:live:pic.png'), range: 'bytes=2-4' });
  assert.equal([notModified.status, sent(notModified)], [304, 'empty']);
  assert.equal((await ask('/media/live/pic.png', { range: 'bytes=10-' })).status, 416);
});

order('applies checks 1 to 3 to media: no such file, method, untrusted address', async () => {
  const { ask } = setUp(['10.0.0.0/8']);
  const cases: Array<[string, Promise<Reply>, number, string]> = [
    [
      '1 no such file, even with a wrong method',
      ask('/media/live/none.png', { method: 'POST', peerAddress: '192.0.2.1' }),
      404,
      '{"message":"Not found. No media file at this path."}',
    ],
    [
      '1 the restriction file is no media',
      ask('/media/files/filerestrictions.yaml', { peerAddress: '10.1.1.1' }),
      404,
      '{"message":"Not found. No media file at this path."}',
    ],
    [
      '2 method, even from an untrusted address',
      ask('/media/live/pic.png', { method: 'DELETE', peerAddress: '192.0.2.1' }),
      405,
      '{"message":"Method not allowed. Use GET or HEAD."}',
    ],
    [
      '3 an untrusted address gets no public file',
      ask('/media/live/pic.png', { peerAddress: '192.0.2.1' }),
      403,
      '{"message":"Access denied: your address is not trusted for API access."}',
    ],
    ['3 then a trusted one does', ask('/media/files/open.pdf', { peerAddress: '10.1.1.1' }), 200, 'file'],
  ];
  for (const [name, reply, status, body] of cases) {
    const answer = await reply;
    assert.equal([name, answer.status, answer.body.kind === 'file' ? 'file' : sent(answer)], [name, status, body]);
  }
});

order(
  "asks for credentials and the restriction's role for a restricted file, whatever the spelling of its path",
  async () => {
    const { ask, etag } = setUp();
    for (const path of [
      '/media/files/plan%20%C3%BC.zip',
      '//media//files/./plan%20ü.zip',
      '/docs/media/files/plan%20%c3%bc.zip',
    ]) {
      const anonymous = await ask(path);
      assert.equal(
        [path, anonymous.status, headersOf(anonymous)['WWW-Authenticate'], sent(anonymous)],
        [path, 401, 'Basic realm=', '{"message":"Authentication required."}'],
      );
    }
    const path = '/media/files/plan%20%C3%BC.zip';
    assert.equal([(await ask(path, { ifNoneMatch: etag('media:files:plan ü.zip') })).status], [401]);
    assert.equal([(await ask(path, { authorization: auth('editor', 'nope') })).status], [401]);
    for (const role of ['guest', 'member', 'contributor', 'author']) {
      const refused = await ask(path, { authorization: auth(role) });
      assert.equal(
        [role, refused.status, sent(refused), refused.user],
        [role, 403, '{"message":"You do not have enough rights."}', `${role}user`],
      );
    }
    for (const role of ['editor', 'manager', 'administrator']) {
      const allowed = await ask(path, { authorization: auth(role) });
      assert.equal(
        [
          role,
          allowed.status,
          headersOf(allowed)['Cache-Control'],
          headersOf(allowed).Vary,
          headersOf(allowed)['Content-Disposition'],
          allowed.user,
        ],
        [
          role,
          200,
          'private, no-store',
          'Authorization',
          'attachment; filename="plan _.zip"; filename*=UTF-8\'\'plan%20%C3%BC.zip',
          `${role}user`,
        ],
      );
    }
    assert.is(
      (await ask(path, { authorization: auth('editor'), ifNoneMatch: etag('media:files:plan ü.zip') })).status,
      304,
    );
  },
);

order.run();
