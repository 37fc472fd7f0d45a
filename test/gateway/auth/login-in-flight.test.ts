// The login throttle counts password checks still running, in memory and without timing: concurrent guesses cannot slip
// past.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { authenticateRequest } from '../../../gateway/auth/authenticate.ts';
import { createCredentialCache } from '../../../gateway/auth/credential-cache.ts';
import { createLoginLimiter } from '../../../gateway/auth/login-limiter.ts';
import type { LoginLimiter } from '../../../gateway/auth/login-limiter.ts';

const OPTIONS = { maxFailures: 3, windowMs: 60_000, maxAddresses: 100 };
const NOW = 1_000_000;
const CLIENT = '192.0.2.1';

const inFlight = suite('login limiter: checks in flight');

inFlight('blocks while running checks plus recent failures reach the limit, and frees a place when one settles', () => {
  const limiter = createLoginLimiter(OPTIONS);
  const states: number[] = [limiter.retryAfterSeconds(CLIENT, NOW)];
  limiter.begin(CLIENT);
  limiter.begin(CLIENT);
  states.push(limiter.retryAfterSeconds(CLIENT, NOW));
  limiter.begin(CLIENT);
  states.push(limiter.retryAfterSeconds(CLIENT, NOW));
  limiter.settle(CLIENT);
  states.push(limiter.retryAfterSeconds(CLIENT, NOW));
  limiter.recordFailure(CLIENT, NOW);
  states.push(limiter.retryAfterSeconds(CLIENT, NOW));
  limiter.settle(CLIENT);
  limiter.settle(CLIENT);
  states.push(limiter.retryAfterSeconds(CLIENT, NOW));
  assert.equal(states, [0, 0, 1, 0, 1, 0]);
});

inFlight('counts per address, and a settle without a begin does not leave credit behind', () => {
  const limiter = createLoginLimiter(OPTIONS);
  limiter.settle(CLIENT);
  limiter.settle(CLIENT);
  for (let check = 0; check < 3; check++) limiter.begin(CLIENT);
  assert.equal([limiter.retryAfterSeconds(CLIENT, NOW), limiter.retryAfterSeconds('192.0.2.2', NOW)], [1, 0]);
});

inFlight(
  'authenticateRequest begins once per distinct header, joins an identical running check, and settles when it ends',
  async () => {
    const inner = createLoginLimiter(OPTIONS);
    const releases: Array<() => void> = [];
    const calls = { begin: 0, settle: 0 };
    const limiter: LoginLimiter = {
      ...inner,
      begin: (address) => (calls.begin++, inner.begin(address)),
      settle: (address) => (calls.settle++, inner.settle(address)),
    };
    const tables = {
      accounts: new Map(),
      dummyHash: async () => 'dummy',
      cache: createCredentialCache(),
      verify: () => new Promise<boolean>((resolve) => releases.push(() => resolve(false))),
      limiter,
    };
    const attempt = (password: string) =>
      Promise.resolve(
        authenticateRequest(
          { address: CLIENT, authorization: `Basic ${Buffer.from(`nobody:${password}`).toString('base64')}`, now: NOW },
          tables,
        ),
      );
    const first = attempt('one');
    const same = attempt('one');
    const second = attempt('two');
    assert.equal([calls, inner.retryAfterSeconds(CLIENT, NOW)], [{ begin: 2, settle: 0 }, 0]);
    const third = attempt('three');
    assert.equal([calls, inner.retryAfterSeconds(CLIENT, NOW)], [{ begin: 3, settle: 0 }, 1]);
    while (releases.length < 3) await Promise.resolve();
    for (const release of releases) release();
    const outcomes = await Promise.all([first, same, second, third]);
    assert.equal(
      outcomes.map((outcome) => outcome.allowed),
      [false, false, false, false],
    );
    assert.equal(calls, { begin: 3, settle: 3 });
  },
);

inFlight.run();
