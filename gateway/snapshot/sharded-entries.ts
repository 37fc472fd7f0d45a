// A snapshot's entries as one map over its index shards: a key is looked up in the shard `indexShardOf` gives it, so a
// reload can keep the shards whose file did not change and a start parses only the shards its requests touch.
import { EntryMap } from './entry-map.ts';
import { indexShardOf } from '../../contract/index-shards.ts';
import type { LazyShard } from './lazy-shard.ts';
import type { LoadedEntry } from './model.ts';

/** Entry objects kept at most: far above a busy site's hot set (the benchmark's mix asks for 1,668 keys), whose keys
 *  are spread over every shard, so they outlive the shards parsed to make them. */
export const LOADED_LIMIT = 32_768;

export class ShardedEntries extends EntryMap {
  /** Shard n of the root, in the root's order. */
  readonly shards: readonly LazyShard[];
  readonly size: number;
  /** Entries made so far, for the whole snapshot; emptied when LOADED_LIMIT is reached. */
  #loaded = new Map<string, LoadedEntry>();

  /** `size`: the entries the root says the shards hold (each shard is checked against it when parsed). */
  constructor(shards: readonly LazyShard[], size: number) {
    super();
    this.shards = shards;
    this.size = size;
  }

  #shardFor(key: string): LazyShard | undefined {
    return this.shards[indexShardOf(key, this.shards.length)];
  }

  /** Makes no entry object: a check of many keys (the search index's documents) leaves nothing behind. */
  has(key: string): boolean {
    return this.#loaded.has(key) || (this.#shardFor(key)?.has(key) ?? false);
  }

  get(key: string): LoadedEntry | undefined {
    const known = this.#loaded.get(key);
    if (known !== undefined) return known;
    const made = this.#shardFor(key)?.get(key);
    if (made === undefined) return undefined;
    if (this.#loaded.size >= LOADED_LIMIT) this.#loaded = new Map();
    this.#loaded.set(key, made);
    return made;
  }

  *keys(): MapIterator<string> {
    for (const shard of this.shards) yield* shard.keys();
  }
}
