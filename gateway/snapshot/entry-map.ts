// What every read-only map of the snapshot's entries derives from its keys and lookups: the iteration ReadonlyMap asks
// for, written once for the compact table of one shard and the sharded table of a whole snapshot.
import type { LoadedEntry } from './model.ts';

export abstract class EntryMap implements ReadonlyMap<string, LoadedEntry> {
  abstract readonly size: number;
  abstract get(key: string): LoadedEntry | undefined;
  abstract has(key: string): boolean;
  abstract keys(): MapIterator<string>;

  *values(): MapIterator<LoadedEntry> {
    for (const key of this.keys()) yield this.get(key) as LoadedEntry;
  }

  *entries(): MapIterator<[string, LoadedEntry]> {
    for (const key of this.keys()) yield [key, this.get(key) as LoadedEntry];
  }

  [Symbol.iterator](): MapIterator<[string, LoadedEntry]> {
    return this.entries();
  }

  forEach(
    callback: (value: LoadedEntry, key: string, map: ReadonlyMap<string, LoadedEntry>) => void,
    thisArg?: unknown,
  ): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }
}
