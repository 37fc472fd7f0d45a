// A snapshot's entries as one map over its index shards: a key is looked up in the shard `indexShardOf` gives it, so a
// reload can keep the shards whose file did not change and build only the others (docs/snapshot.md).
import { EntryMap } from './entry-map.ts';
import { indexShardOf } from '../../contract/index-shards.ts';
import { LOADED_LIMIT } from './compact-entries.ts';
import type { CompactEntries } from './compact-entries.ts';
import type { LoadedEntry } from './model.ts';

export class ShardedEntries extends EntryMap {
  /** Shard n of the root, in the root's order. */
  readonly shards: readonly CompactEntries[];
  readonly size: number;
  /** Entries made so far, for the whole snapshot: one limit however many shards there are. */
  #loaded = new Map<string, LoadedEntry>();

  constructor(shards: readonly CompactEntries[]) {
    super();
    this.shards = shards;
    this.size = shards.reduce((sum, shard) => sum + shard.size, 0);
  }

  #shardFor(key: string): CompactEntries | undefined {
    return this.shards[indexShardOf(key, this.shards.length)];
  }

  has(key: string): boolean {
    return this.#loaded.has(key) || (this.#shardFor(key)?.has(key) ?? false);
  }

  get(key: string): LoadedEntry | undefined {
    const known = this.#loaded.get(key);
    if (known !== undefined) return known;
    const made = this.#shardFor(key)?.make(key);
    if (made === undefined) return undefined;
    // A crawl of every key would otherwise rebuild what the compact form saves; body objects stay in their shard.
    if (this.#loaded.size >= LOADED_LIMIT) this.#loaded = new Map();
    this.#loaded.set(key, made);
    return made;
  }

  *keys(): MapIterator<string> {
    for (const shard of this.shards) yield* shard.keys();
  }
}
