// What decide remembers per request target (the destination, the entry a query found) follows the snapshot it was
// found in: a swapped snapshot answers from its own entries and base path, also for a target asked a moment before.
// The credential tables it keeps per serving state follow the revocations read since.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decide } from '../../../gateway/api/decide.ts';
import { KEYS, keyOf } from '../../../gateway/api/endpoints.ts';
import { createLoginLimiter, DEFAULT_LIMITER_OPTIONS } from '../../../gateway/auth/login-limiter.ts';
import { buildTokenTable } from '../../../gateway/auth/token-table.ts';
import { tokenSha256 } from '../../../contract/api-token.ts';
import type { Reply } from '../../../gateway/reply/reply.ts';
import { countingVerify, fakeHash, memoryState } from '../memory-state.ts';
import type { MemoryBody } from '../memory-state.ts';

const ACCOUNTS = [{ username: 'adminuser', role: 'administrator', apiaccess: true, hash: fakeHash('pw') }];
const AUTHORIZATION = `Basic ${Buffer.from('adminuser:pw').toString('base64')}`;
const TARGETS = [
  '/api/v1/article/content?url=/page',
  '/api/v1/article/content?url=%2Fpage%2F',
  '/page.md',
  '/docs/api/v1/article/content?url=/page',
];

function text(reply: Reply): string {
  const { body } = reply;
  const bytes = body.kind === 'stored' ? body.stored.bytes : body.kind === 'bytes' ? body.bytes : undefined;
  return `${reply.status} ${bytes?.toString() ?? ''}`;
}

/** Each target twice, one after the other: the second answer comes from what the first remembered. */
async function answers(bodies: Record<string, MemoryBody>, basePath = ''): Promise<string[]> {
  const state = memoryState({ accounts: ACCOUNTS, bodies, basePath });
  const tables = { state, limiter: createLoginLimiter(DEFAULT_LIMITER_OPTIONS), verify: countingVerify(), now: 1 };
  const replies: string[] = [];
  for (const target of [...TARGETS, ...TARGETS]) {
    const request = { method: 'GET', target, peerAddress: '127.0.0.1', authorization: AUTHORIZATION };
    replies.push(text(await Promise.resolve(decide(request, tables))));
  }
  return replies;
}

test('each snapshot answers a repeated target from its own entries and base path', async () => {
  const first = {
    [keyOf(KEYS.contentLive, '/page')]: { json: '{"v":1}' },
    [keyOf(KEYS.markdownLive, '/page')]: { json: 'md' },
  };
  const second = { [keyOf(KEYS.contentLive, '/page')]: { json: '{"v":2}' } };
  const third = { [keyOf(KEYS.navigationLive)]: { json: '{}' } };
  const notFound = '404 {"message":"page not found"}';
  const notRoute = '404 {"message":"Not found. The API lives under /api/v1/."}';
  const twice = (replies: string[]) => [...replies, ...replies];
  assert.equal(
    [
      await answers(first),
      await answers(second, '/docs'),
      await answers(third),
      await answers(first),
      await answers(second),
    ],
    [
      twice(['200 {"v":1}', '200 {"v":1}', '200 md', notRoute]),
      twice(['200 {"v":2}', '200 {"v":2}', notFound, '200 {"v":2}']),
      twice([notFound, notFound, notFound, notRoute]),
      twice(['200 {"v":1}', '200 {"v":1}', '200 md', notRoute]),
      twice(['200 {"v":2}', '200 {"v":2}', notFound, notRoute]),
    ],
  );
});

test('one serving state refuses a token once the revocations read again name it, and admits it once they do not', async () => {
  const token = `snapi_${'a'.repeat(43)}`;
  const state = memoryState({ accounts: ACCOUNTS, bodies: { [keyOf(KEYS.navigationLive)]: { json: '{"n":1}' } } });
  state.snapshot.tokens = buildTokenTable([
    { name: 'reader', role: 'administrator', sha256: tokenSha256(token), expires: '2100-01-01T00:00:00Z' },
  ]);
  const limiter = createLoginLimiter(DEFAULT_LIMITER_OPTIONS);
  const verify = countingVerify();
  const request = {
    method: 'GET',
    target: '/api/v1/navigation',
    peerAddress: '127.0.0.1',
    authorization: `Bearer ${token}`,
  };
  const status = async (revoked?: { names: Set<string>; hashes: Set<string> }) =>
    text(await Promise.resolve(decide(request, { state, limiter, verify, now: 1, ...(revoked ? { revoked } : {}) })));
  assert.equal(
    [
      await status(),
      await status({ names: new Set(['reader']), hashes: new Set() }),
      await status({ names: new Set(), hashes: new Set() }),
      await status({ names: new Set(), hashes: new Set([tokenSha256(token)]) }),
    ],
    [
      '200 {"n":1}',
      '401 {"message":"Authentication failed."}',
      '200 {"n":1}',
      '401 {"message":"Authentication failed."}',
    ],
  );
});

test.run();
