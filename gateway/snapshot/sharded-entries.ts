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

  /** `size`: the entries the root says the shards hold (each shard is checked against it when parsed). */
  constructor(shards: readonly LazyShard[], size: number) {
    super();
    this.shards = shards;
    this.size = size;
  }

  #shardFor(key: string): LazyShard | undefined {
    return this.shards[indexShardOf(key, this.shards.length)];
  }

  has(key: string): boolean {
    return this.#shardFor(key)?.has(key) ?? false;
  }

  get(key: string): LoadedEntry | undefined {
    return this.#shardFor(key)?.get(key);
  }

  *keys(): MapIterator<string> {
    for (const shard of this.shards) yield* shard.keys();
  }
}
