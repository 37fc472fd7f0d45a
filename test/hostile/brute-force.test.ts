// Brute force: the per-address limiter holds under 1,000 wrong attempts, sequential or concurrent, and stays bounded in
// memory.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHostileFixture } from './hostile-fixture.ts';
import type { HostileFixture } from './hostile-fixture.ts';
import { exchange } from './raw-http.ts';
import { BODIES, USERS, basic } from '../gateway/fixture.ts';
import { DEFAULT_LIMITER_OPTIONS, createLoginLimiter } from '../../gateway/auth/login-limiter.ts';
import { verifyWithBcrypt } from '../../gateway/auth/authenticate.ts';
import bcrypt from 'bcryptjs';

const ADMIN = basic(USERS.administrator);
const NAVIGATION = BODIES['navigation:live']?.json;
const wrongPassword = (attempt: number) =>
  basic({ username: USERS.administrator.username, password: `guess-${attempt}` });

/** Cost 12 (Typemill writes 10): slow enough for bcryptjs to yield, so that concurrent guesses overlap. */
const SLOW_USER = {
  username: 'slowhashuser',
  role: 'editor',
  password: 'slow-secret',
  hash: bcrypt.hashSync('slow-secret', 12).replace(/^\$2b\$/, '$2y$'),
};
const slowGuess = (attempt: number) => basic({ username: SLOW_USER.username, password: `guess-${attempt}` });

let clock = 1_000_000;
let passwordChecks = 0;
let fixture: HostileFixture;

/** A request from `address`: the fixture trusts X-Forwarded-For from any peer (`proxy: true`, no proxy list). */
async function attempt(
  address: string,
  authorization: string,
  timeoutMs = 5000,
): Promise<{ status: number; retryAfter: string | undefined; body: string }> {
  const result = await exchange(
    fixture.port,
    `GET /api/v1/navigation HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${address}\r\nAuthorization: ${authorization}\r\n\r\n`,
    { timeoutMs },
  );
  const response = result.responses[0];
  return {
    status: response?.status ?? 0,
    retryAfter: response?.headers['retry-after'],
    body: response?.body.toString('utf8') ?? '',
  };
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

const bruteForce = suite('the login limiter under brute force');
bruteForce.before.each(async () => {
  passwordChecks = 0;
  const verify = (password: string, hash: string) => {
    passwordChecks++;
    return verifyWithBcrypt(password, hash);
  };
  const users = [...Object.values(USERS), SLOW_USER];
  // 429s are answered at once here (parking has its own suite, test/gateway/flood-guard.test.ts): 990 of them in a row.
  fixture = await startHostileFixture(
    'brute-force',
    { limiter: DEFAULT_LIMITER_OPTIONS, now: () => clock, verify, flood: { parkMs: 0 } },
    { access: { proxy: true }, users },
  );
});
bruteForce.after.each(async () => {
  await fixture.close();
});

bruteForce(
  '1,000 sequential wrong passwords from one address: 10 are checked, 990 get 429, and the right password waits too',
  async () => {
    const statuses: number[] = [];
    for (let number = 0; number < 1000; number++)
      statuses.push((await attempt('10.0.0.1', wrongPassword(number))).status);
    assert.equal(tally(statuses), { 401: 10, 429: 990 });
    const blocked = await attempt('10.0.0.1', ADMIN);
    assert.equal([blocked.status, blocked.retryAfter], [429, '60']);
  },
);

bruteForce('1,000 concurrent wrong passwords from one address: no more than 10 are checked', async () => {
  // Generous per-request time: ten cost-12 checks share the event loop, and CI machines are shared.
  const results = await Promise.all(
    Array.from({ length: 1000 }, (_, number) => attempt('10.0.0.2', slowGuess(number), 60_000)),
  );
  assert.equal([tally(results.map((result) => result.status)), passwordChecks], [{ 401: 10, 429: 990 }, 10]);
});

bruteForce(
  '50 concurrent first requests with the same valid credentials from one address: all 200, one password check',
  async () => {
    const valid = basic({ username: SLOW_USER.username, password: SLOW_USER.password });
    const results = await Promise.all(Array.from({ length: 50 }, () => attempt('10.0.0.9', valid)));
    assert.equal([tally(results.map((result) => result.status)), passwordChecks], [{ 200: 50 }, 1]);
  },
);

bruteForce(
  'other addresses are unaffected while one is blocked, and the blocked one may try again after the window',
  async () => {
    for (let number = 0; number < 20; number++) await attempt('10.0.0.3', wrongPassword(number));
    assert.is((await attempt('10.0.0.3', ADMIN)).status, 429);
    const others = await Promise.all(
      ['10.0.0.4', '192.168.1.1', '2001:db8::1'].map((address) => attempt(address, ADMIN)),
    );
    assert.equal(
      others.map((result) => [result.status, result.body]),
      [
        [200, NAVIGATION],
        [200, NAVIGATION],
        [200, NAVIGATION],
      ],
    );
    clock += DEFAULT_LIMITER_OPTIONS.windowMs;
    assert.equal(await attempt('10.0.0.3', ADMIN), { status: 200, retryAfter: undefined, body: NAVIGATION ?? '' });
  },
);

bruteForce('a right password from a blocked address is refused without being checked', async () => {
  for (let number = 0; number < 10; number++) await attempt('10.0.0.5', wrongPassword(number));
  assert.is(passwordChecks, 10);
  assert.equal(
    (await attempt('10.0.0.5', ADMIN)).body,
    '{"message":"Too many failed logins from your address. Retry later."}',
  );
  assert.is(passwordChecks, 10);
});

const memory = suite('the login limiter with 100,000 distinct addresses');

memory('tracks at most maxAddresses addresses: the 10,000 most recent stay blocked, older ones are forgotten', () => {
  const limiter = createLoginLimiter(DEFAULT_LIMITER_OPTIONS);
  const address = (number: number) => `10.${(number >> 16) & 255}.${(number >> 8) & 255}.${number & 255}`;
  for (let number = 0; number < 100_000; number++) {
    for (let failure = 0; failure < DEFAULT_LIMITER_OPTIONS.maxFailures; failure++)
      limiter.recordFailure(address(number), 1000);
  }
  let blocked = 0;
  for (let number = 0; number < 100_000; number++) if (limiter.retryAfterSeconds(address(number), 2000) > 0) blocked++;
  assert.is(blocked, DEFAULT_LIMITER_OPTIONS.maxAddresses);
  assert.is(limiter.retryAfterSeconds(address(99_999), 2000), 59);
  assert.is(limiter.retryAfterSeconds(address(0), 2000), 0);
});

bruteForce.run();
memory.run();
