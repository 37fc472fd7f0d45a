// The content entries a search index's documents name, checked after its shards are read and grouped by index shard:
// a lookup per document in document order would parse the index shards in random order, most of them many times
// over (docs/decisions.md: Index shards are parsed on first use).
import { indexShardOf } from '../../contract/index-shards.ts';
import { ShardedEntries } from '../snapshot/sharded-entries.ts';
import { fail } from './index-fields.ts';

export class ContentKeyCheck {
  readonly #keys: string[] = [];
  /** Where each key was read, to name it in the error. */
  readonly #places: string[] = [];
  #place = '';
  #trusted: ReadonlySet<string> | undefined;

  /** Keys known to name content entries (a reload: the shard read before had them, and no changed index shard lost
   *  them): not looked up, so a reload parses only the index shards of new keys. */
  trust(keys: ReadonlySet<string> | undefined): void {
    this.#trusted = keys;
  }

  /** The `has` the document reader is given for the document read at `place`: accepts now, checks in `check`. */
  at(place: string): { has(key: string): boolean } {
    this.#place = place;
    return this;
  }

  has(key: string): boolean {
    if (this.#trusted?.has(key) === true) return true;
    this.#keys.push(key);
    this.#places.push(this.#place);
    return true;
  }

  /** Throws, naming the first document in reading order whose key `entries` lacks. */
  check(entries: ReadonlyMap<string, unknown>): void {
    const count = entries instanceof ShardedEntries ? entries.shards.length : 1;
    const shardOf = this.#keys.map((key) => indexShardOf(key, count));
    const order = Array.from(this.#keys.keys()).sort((left, right) => shardOf[left]! - shardOf[right]!);
    let first = this.#keys.length;
    for (const at of order) if (at < first && !entries.has(this.#keys[at]!)) first = at;
    if (first < this.#keys.length)
      fail(`${this.#places[first]}.key`, `"${this.#keys[first]}" is no content entry of the snapshot`);
  }
}
