// A snapshot's entries as one map over its index shards: a key is looked up in the shard `indexShardOf` gives it, so a
// reload can keep the shards whose file did not change and a start parses only the shards its requests touch.
import { EntryMap } from './entry-map.ts';
import { indexShardOf } from '../../contract/index-shards.ts';
import type { LazyShard } from './lazy-shard.ts';
import type { LoadedEntry } from './model.ts';

export class ShardedEntries extends EntryMap {
  /** Shard n of the root, in the root's order. */
  readonly shards: readonly LazyShard[];
  readonly size: number;
  // Answers ask `has` and then `get` with the same key: the second lookup finds the shard again without hashing.
  #lastKey: string | undefined;
  #lastEntry: LoadedEntry | undefined;

  /** `size`: the entries the root says the shards hold (each shard is checked against it when parsed). */
  constructor(shards: readonly LazyShard[], size: number) {
    super();
    this.shards = shards;
    this.size = size;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  get(key: string): LoadedEntry | undefined {
    if (key === this.#lastKey) return this.#lastEntry;
    const entry = this.shards[indexShardOf(key, this.shards.length)]?.get(key);
    this.#lastKey = key;
    this.#lastEntry = entry;
    return entry;
  }

  *keys(): MapIterator<string> {
    for (const shard of this.shards) yield* shard.keys();
  }
}
