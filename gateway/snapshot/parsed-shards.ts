// The index shards parsed and kept, least recently used first, bounded by their entries: a crawl of every key would
// otherwise hold the whole index as objects (about 100 MB at 40,000 pages), while the hot keys of a busy site are a
// small part of it.

/** A parsed shard (lazy-shard.ts) as the cache sees it. */
export interface DroppableShard {
  /** Drops its parsed entries; the next lookup parses them again. */
  drop(): void;
}

/** Entries kept parsed at most: about 40 MB of objects; a 4,000-page site (20,000 entries) fits whole. */
export const PARSED_ENTRIES_LIMIT = 4_096;

export class ParsedShards {
  readonly #limit: number;
  /** Each shard kept and its entry count, in order of last use. */
  readonly #shards = new Map<DroppableShard, number>();
  #entries = 0;
  #last: DroppableShard | undefined;

  constructor(limit = PARSED_ENTRIES_LIMIT) {
    this.#limit = limit;
  }

  /** A shard just parsed; the least recently used are dropped until the others fit (the newest always stays). */
  add(shard: DroppableShard, entries: number): void {
    this.#shards.set(shard, entries);
    this.#entries += entries;
    this.#last = shard;
    for (const oldest of this.#shards.keys()) {
      if (this.#entries <= this.#limit || oldest === shard) break;
      this.forget(oldest);
    }
  }

  /** A lookup in a parsed shard: it moves to the end. */
  touch(shard: DroppableShard): void {
    if (shard === this.#last) return;
    const count = this.#shards.get(shard);
    if (count === undefined) return;
    this.#shards.delete(shard);
    this.#shards.set(shard, count);
    this.#last = shard;
  }

  /** Drops a shard (evicted, or not taken over by a reload). */
  forget(shard: DroppableShard): void {
    const count = this.#shards.get(shard);
    if (count !== undefined) {
      this.#shards.delete(shard);
      this.#entries -= count;
    }
    if (this.#last === shard) this.#last = undefined;
    shard.drop();
  }

  /** Entries kept parsed, for tests and the memory figures. */
  get entries(): number {
    return this.#entries;
  }
}
