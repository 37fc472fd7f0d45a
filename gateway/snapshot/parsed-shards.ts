// The index shards parsed and kept, least recently used first, bounded by their entries: a crawl of every key would
// otherwise hold the whole index as objects (414,863 entries at 40,000 pages), while the hot keys of a busy site are
// kept as entries by the key cache (sharded-entries.ts).

/** A parsed shard (lazy-shard.ts) as the cache sees it. */
export interface DroppableShard {
  /** Drops its parsed entries; the next lookup parses them again. */
  drop(): void;
  /** Drops the entry objects it made. */
  forgetMade(): void;
}

/** Entry objects kept at most, over every shard: far above a busy site's hot set (the benchmark's mix asks for 1,668
 *  keys), whose keys are spread over every shard; a crawl of every key empties them all when it is reached. */
export const MADE_LIMIT = 32_768;

/** Entries kept parsed at most: the keys of one page share a shard, so a page's content, item and meta parse it once.
 *  Kept longer, parsed shards were promoted and grew the old generation under a cold mix (docs/performance.md). */
export const PARSED_ENTRIES_LIMIT = 4_096;

export class ParsedShards {
  readonly #limit: number;
  /** Each shard kept and its entry count, in order of last use. */
  readonly #shards = new Map<DroppableShard, number>();
  #entries = 0;
  #last: DroppableShard | undefined;
  /** Shards holding entry objects, and how many they hold together. */
  #makers = new Set<DroppableShard>();
  #made = 0;

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

  /** An entry object made by `shard`. */
  made(shard: DroppableShard): void {
    if (++this.#made > MADE_LIMIT) {
      for (const maker of this.#makers) maker.forgetMade();
      this.#makers.clear();
      this.#made = 1;
    }
    this.#makers.add(shard);
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
