// The authenticator in memory: every header form, lock-out, the credential cache, one bcrypt run per header, and
// unknown users checked against the dummy hash like wrong passwords.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { authenticateRequest } from '../../../gateway/auth/authenticate.ts';
import type { AuthenticationOutcome } from '../../../gateway/auth/authenticate.ts';
import { createCredentialCache } from '../../../gateway/auth/credential-cache.ts';
import { createLoginLimiter, DEFAULT_LIMITER_OPTIONS } from '../../../gateway/auth/login-limiter.ts';
import type { Account } from '../../../contract/snapshot.ts';
import { DUMMY_HASH, countingVerify, fakeHash } from '../memory-state.ts';

const ACCOUNTS: Account[] = [
  { username: 'editor', role: 'editor', apiaccess: true, hash: fakeHash('pw-editor') },
  { username: 'colon', role: 'author', apiaccess: true, hash: fakeHash('a:b:ü') },
  { username: 'noapi', role: 'editor', apiaccess: false, hash: fakeHash('pw-noapi') },
  { username: 'nohash', role: 'editor', apiaccess: true, hash: '' },
];
const ADDRESS = '192.0.2.10';
const NOW = 1_000_000;
const basic = (text: string, scheme = 'Basic') => `${scheme} ${Buffer.from(text, 'utf8').toString('base64')}`;

function setUp() {
  const verify = countingVerify();
  const tables = {
    accounts: new Map(ACCOUNTS.map((account) => [account.username, account])),
    dummyHash: async () => DUMMY_HASH,
    cache: createCredentialCache(),
    verify,
    limiter: createLoginLimiter(DEFAULT_LIMITER_OPTIONS),
  };
  const attempt = (authorization: string | undefined, now = NOW, address = ADDRESS) =>
    Promise.resolve(authenticateRequest({ address, authorization, now }, tables));
  return { verify, tables, attempt };
}

type Expected = { allowed: true; username: string; role: string } | { allowed: false; reason: string };
const simplify = (outcome: AuthenticationOutcome): Expected =>
  outcome.allowed
    ? { allowed: true, username: outcome.user.username, role: outcome.user.role }
    : { allowed: false, reason: outcome.reason };

const headers = suite('authenticateRequest: header forms');

const CASES: Array<[string, string | undefined, Expected, Array<[string, string]>]> = [
  ['no header', undefined, { allowed: false, reason: 'no-credentials' }, []],
  ['a bearer token that is no API token', 'Bearer abc.def', { allowed: false, reason: 'invalid-token' }, []],
  ['Basic without a colon', basic('editor'), { allowed: false, reason: 'no-credentials' }, []],
  ['Basic with an empty user name', basic(':pw-editor'), { allowed: false, reason: 'no-credentials' }, []],
  ['Basic with nothing after it', 'Basic ', { allowed: false, reason: 'no-credentials' }, []],
  [
    'the right password',
    basic('editor:pw-editor'),
    { allowed: true, username: 'editor', role: 'editor' },
    [['pw-editor', fakeHash('pw-editor')]],
  ],
  [
    'a lower-case scheme',
    basic('editor:pw-editor', 'basic'),
    { allowed: true, username: 'editor', role: 'editor' },
    [['pw-editor', fakeHash('pw-editor')]],
  ],
  [
    'Basic after another scheme',
    `Digest x, ${basic('editor:pw-editor')}`,
    { allowed: true, username: 'editor', role: 'editor' },
    [['pw-editor', fakeHash('pw-editor')]],
  ],
  [
    'base64 with characters outside the alphabet',
    `Basic !${Buffer.from('editor:pw-editor').toString('base64')}!`,
    { allowed: true, username: 'editor', role: 'editor' },
    [['pw-editor', fakeHash('pw-editor')]],
  ],
  [
    'a password with colons and non-ASCII text',
    basic('colon:a:b:ü'),
    { allowed: true, username: 'colon', role: 'author' },
    [['a:b:ü', fakeHash('a:b:ü')]],
  ],
  ['a wrong password', basic('editor:nope'), { allowed: false, reason: 'failed' }, [['nope', fakeHash('pw-editor')]]],
  [
    'an unknown user, checked against the dummy hash',
    basic('ghost:pw-editor'),
    { allowed: false, reason: 'failed' },
    [['pw-editor', DUMMY_HASH]],
  ],
  [
    'a user without a hash, checked against the dummy hash',
    basic('nohash:x'),
    { allowed: false, reason: 'failed' },
    [['x', DUMMY_HASH]],
  ],
  [
    'the right password of a user without API access',
    basic('noapi:pw-noapi'),
    { allowed: false, reason: 'failed' },
    [['pw-noapi', fakeHash('pw-noapi')]],
  ],
];

for (const [name, header, expected, verifyCalls] of CASES) {
  headers(
    `${name}: ${expected.allowed ? 'allowed' : expected.reason}, with exactly the expected password checks`,
    async () => {
      const { verify, attempt } = setUp();
      assert.equal(simplify(await attempt(header)), expected);
      assert.equal(verify.calls, verifyCalls);
    },
  );
}

headers('an unknown user costs the same single password check as a wrong password', async () => {
  const unknown = setUp();
  const wrong = setUp();
  await unknown.attempt(basic('ghost:guess'));
  await wrong.attempt(basic('editor:guess'));
  assert.is(unknown.verify.calls.length, 1);
  assert.is(wrong.verify.calls.length, 1);
});

const cache = suite('authenticateRequest: the credential cache');

cache('a verified header is remembered: the second request needs no password check', async () => {
  const { verify, attempt } = setUp();
  const header = basic('editor:pw-editor');
  const first = await attempt(header);
  const second = await attempt(header);
  assert.equal([first.allowed && first.via, second.allowed && second.via], ['password', 'cache']);
  assert.is(verify.calls.length, 1);
});

cache('a failed header is not remembered, and another header of the same user is checked again', async () => {
  const { verify, attempt } = setUp();
  await attempt(basic('editor:nope'));
  await attempt(basic('editor:nope'));
  await attempt(basic('editor:pw-editor'));
  await attempt(basic('editor:pw-editor', 'basic'));
  assert.is(verify.calls.length, 4);
});

cache('concurrent identical headers share one password check', async () => {
  const { verify, attempt } = setUp();
  const outcomes = await Promise.all([1, 2, 3].map(() => attempt(basic('editor:pw-editor'))));
  assert.equal(
    outcomes.map((outcome) => outcome.allowed),
    [true, true, true],
  );
  assert.is(verify.calls.length, 1);
});

const lockout = suite('authenticateRequest: lock-out');

lockout('ten failures lock the address out for the rest of the window, even for a right password', async () => {
  const { verify, attempt } = setUp();
  for (let failure = 0; failure < 10; failure += 1)
    assert.equal(simplify(await attempt(basic(`editor:wrong${failure}`), NOW + failure)), {
      allowed: false,
      reason: 'failed',
    });
  const locked = await attempt(basic('editor:pw-editor'), NOW + 10);
  assert.equal(locked, { allowed: false, reason: 'locked-out', retryAfterSeconds: 60 });
  assert.is(verify.calls.length, 10, 'a locked-out address gets no password check');
  assert.equal(await attempt(basic('editor:pw-editor'), NOW + 30_000), {
    allowed: false,
    reason: 'locked-out',
    retryAfterSeconds: 30,
  });
  assert.equal(simplify(await attempt(basic('editor:pw-editor'), NOW + 60_001)), {
    allowed: true,
    username: 'editor',
    role: 'editor',
  });
});

lockout('another address is not locked out', async () => {
  const { attempt } = setUp();
  for (let failure = 0; failure < 10; failure += 1) await attempt(basic(`editor:wrong${failure}`));
  assert.equal(simplify(await attempt(basic('editor:pw-editor'), NOW, '192.0.2.11')), {
    allowed: true,
    username: 'editor',
    role: 'editor',
  });
});

lockout('a check still running counts as a failure, so concurrent guesses cannot pass the limit', async () => {
  const { attempt } = setUp();
  for (let failure = 0; failure < 9; failure += 1) await attempt(basic(`editor:wrong${failure}`));
  const running = attempt(basic('editor:wrong-running'));
  const concurrent = await attempt(basic('editor:wrong-concurrent'));
  assert.equal(concurrent, { allowed: false, reason: 'locked-out', retryAfterSeconds: 1 });
  assert.equal(simplify(await running), { allowed: false, reason: 'failed' });
});

lockout('a missing header is refused without counting as a failure', async () => {
  const { attempt, tables } = setUp();
  for (let request = 0; request < 20; request += 1) await attempt(undefined);
  assert.is(tables.limiter.retryAfterSeconds(ADDRESS, NOW), 0);
});

headers.run();
cache.run();
lockout.run();
