// The login throttle counts password checks still running, in memory and without timing: concurrent guesses cannot slip past.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { authenticateOnce } from '../../gateway/authenticate.ts';
import type { AuthenticationTables } from '../../gateway/authenticate.ts';
import { createCredentialCache } from '../../gateway/credential-cache.ts';
import { createLoginLimiter } from '../../gateway/login-limiter.ts';

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

inFlight('authenticateOnce begins once per distinct header, joins an identical running check, and settles when it ends', async () => {
  const limiter = createLoginLimiter(OPTIONS);
  const releases: Array<() => void> = [];
  const tables: AuthenticationTables = {
    accounts: new Map(),
    dummyHash: async () => 'dummy',
    cache: createCredentialCache(),
    verify: () => new Promise<boolean>((resolve) => releases.push(() => resolve(false))),
  };
  const calls = { begin: 0, settle: 0 };
  const hooks = {
    begin: () => (calls.begin++, limiter.begin(CLIENT)),
    settle: () => (calls.settle++, limiter.settle(CLIENT)),
  };
  const credentials = (password: string) => ({ username: 'nobody', password });
  const first = authenticateOnce('Basic one', credentials('one'), tables, hooks);
  const same = authenticateOnce('Basic one', credentials('one'), tables, hooks);
  const second = authenticateOnce('Basic two', credentials('two'), tables, hooks);
  assert.equal([calls, limiter.retryAfterSeconds(CLIENT, NOW)], [{ begin: 2, settle: 0 }, 0]);
  const third = authenticateOnce('Basic three', credentials('three'), tables, hooks);
  assert.equal([calls, limiter.retryAfterSeconds(CLIENT, NOW)], [{ begin: 3, settle: 0 }, 1]);
  while (releases.length < 3) await Promise.resolve();
  for (const release of releases) release();
  assert.equal(await Promise.all([first, same, second, third]), [undefined, undefined, undefined, undefined]);
  assert.equal([calls, limiter.retryAfterSeconds(CLIENT, NOW)], [{ begin: 3, settle: 3 }, 0]);
});

inFlight.run();
