// A seeded pseudo-random generator (mulberry32), so generated benchmark sites are identical on every run.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [low, high], both included. */
  int(low: number, high: number): number;
  pick<T>(values: readonly T[]): T;
  chance(probability: number): boolean;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  return {
    next,
    int,
    pick: <T>(values: readonly T[]) => values[int(0, values.length - 1)] as T,
    chance: (probability) => next() < probability,
  };
}
