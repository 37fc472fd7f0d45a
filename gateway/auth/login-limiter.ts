// Counts failed logins per caller address in a sliding window; bounded in memory.

export interface LimiterOptions {
  maxFailures: number;
  windowMs: number;
  /** Most addresses tracked at once; the least recently failing is forgotten first. */
  maxAddresses: number;
}

export const DEFAULT_LIMITER_OPTIONS: LimiterOptions = { maxFailures: 10, windowMs: 60_000, maxAddresses: 10_000 };

export interface LoginLimiter {
  /** Seconds until the address may try again, or 0 when it is not blocked. */
  retryAfterSeconds(address: string, now: number): number;
  recordFailure(address: string, now: number): void;
  /** A password check for the address has started; until `settle`, it counts as a failure. */
  begin(address: string): void;
  settle(address: string): void;
  /** Addresses with failures in memory (at most maxAddresses). */
  trackedAddresses(): number;
}

const NO_FAILURES: readonly number[] = [];

export function createLoginLimiter(options: LimiterOptions): LoginLimiter {
  // Map insertion order doubles as recency: an address is re-inserted on every failure.
  const failuresByAddress = new Map<string, number[]>();
  // Checks still running: without them, concurrent guesses would all pass the limit before the first one fails.
  const checksInFlight = new Map<string, number>();

  const recentFailures = (address: string, now: number): readonly number[] => {
    const known = failuresByAddress.get(address);
    // Every request asks; an address without failures (every valid user) costs one lookup and no allocation.
    if (known === undefined) return NO_FAILURES;
    const times = known.filter((time) => now - time < options.windowMs);
    if (times.length === 0) failuresByAddress.delete(address);
    return times;
  };

  return {
    retryAfterSeconds(address, now) {
      const times = recentFailures(address, now);
      const oldest = times[times.length - options.maxFailures];
      if (times.length < options.maxFailures || oldest === undefined) {
        return times.length + (checksInFlight.get(address) ?? 0) < options.maxFailures ? 0 : 1;
      }
      return Math.max(1, Math.ceil((oldest + options.windowMs - now) / 1000));
    },
    begin(address) {
      checksInFlight.set(address, (checksInFlight.get(address) ?? 0) + 1);
    },
    settle(address) {
      const remaining = (checksInFlight.get(address) ?? 1) - 1;
      if (remaining > 0) checksInFlight.set(address, remaining);
      else checksInFlight.delete(address);
    },
    trackedAddresses: () => failuresByAddress.size,
    recordFailure(address, now) {
      const times = [...recentFailures(address, now), now];
      failuresByAddress.delete(address);
      failuresByAddress.set(address, times.slice(-options.maxFailures));
      while (failuresByAddress.size > options.maxAddresses) {
        const leastRecent = failuresByAddress.keys().next().value;
        if (leastRecent === undefined) break;
        failuresByAddress.delete(leastRecent);
      }
    },
  };
}
