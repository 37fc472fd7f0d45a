// One index shard's entries in compact form: request keys in a string table, body hashes in the snapshot's BodyNames,
// links in typed arrays. The objects requests use (LoadedEntry, StoredBody) are made on a key's first lookup, so memory
// grows with what is asked for, not with the size of the site (docs/performance.md: Heap after a snapshot load).
import { EntryMap } from './entry-map.ts';
import { join } from 'node:path';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import type { IndexEntry, Restriction } from '../../contract/snapshot.ts';
import { ABSENT, BodyNames, BR, GZIP, IDENTITY, PREFIX, VARIANTS, hashIn, variantOf } from './body-names.ts';
import type { BodyLedger, BodyMemory, LoadedEntry, StoredBody } from './model.ts';
import { StringTable } from './string-table.ts';

export { variantOf } from './body-names.ts';

const HAS_GZIP = 1;
const HAS_BR = 2;
/** Entry objects kept at most: far above a busy site's hot set (the benchmark's mix asks for 1,668 keys). */
export const LOADED_LIMIT = 32_768;

function grownInt(array: Int32Array, needed: number): Int32Array {
  if (needed <= array.length) return array;
  const copy = new Int32Array(Math.max(needed, array.length * 2));
  copy.set(array);
  return copy;
}

/** Where a shard's body files are and what they may keep in memory. */
export interface ShardPlace {
  memory: BodyMemory;
  /** The snapshot folder: names without a hash are relative to it. */
  directory: string;
  /** The bodies folder with links resolved (the pool): hashed names are read from it, whichever snapshot named them. */
  pool?: string;
  /** Shared with the other shards of the snapshot; a standalone table has its own. */
  names?: BodyNames;
}

export class CompactEntries extends EntryMap {
  readonly #keys = new StringTable();
  /** Per key: the number of its body's hash in `#names`, or -1 - n for `#unusual[n]`. */
  #bodyOf: Int32Array = new Int32Array(256);
  /** Per key: HAS_GZIP | HAS_BR. */
  #variantsOf: Int32Array = new Int32Array(256);
  readonly #restrictions = new Map<number, Restriction>();
  /** Entries whose files or ETag are not named after one hash (hand-written indexes, tests): held as they came. */
  readonly #unusual: IndexEntry[] = [];
  readonly #names: BodyNames;
  /** Entries made so far, by key number; emptied when LOADED_LIMIT is reached. */
  #loaded = new Map<number, LoadedEntry>();
  /** Body objects made so far, by slot in `#names` (hashed names) or by name. */
  readonly #bodies = new Map<number | string, StoredBody>();
  readonly #memory: BodyMemory;
  readonly #directory: string;
  readonly #pool: string;
  /** What this shard's bodies keep of the memory budget; handed back when a reload drops the shard. */
  readonly ledger: BodyLedger = { kept: 0, dropped: false };
  #lastKey: string | undefined;
  #lastNumber = -1;

  constructor(place: ShardPlace) {
    super();
    this.#memory = place.memory;
    this.#directory = place.directory;
    this.#pool = place.pool ?? join(place.directory, DIST_LAYOUT.bodiesDir);
    this.#names = place.names ?? new BodyNames();
  }

  /** Adds a validated entry; a key given twice keeps the last, as JSON.parse would. Throws when a file gets two sizes.
   *  */
  add(key: string, entry: IndexEntry): void {
    const number = this.#keys.add(key);
    this.#lastKey = undefined;
    this.#bodyOf = grownInt(this.#bodyOf, number + 1);
    this.#variantsOf = grownInt(this.#variantsOf, number + 1);
    const names = this.#names;
    const identity = names.record(entry.file, entry.size);
    const gzip = entry.gzip === undefined ? ABSENT : names.recordBeside(identity, entry.file, entry.gzip, GZIP);
    const br = entry.br === undefined ? ABSENT : names.recordBeside(identity, entry.file, entry.br, BR);
    const hash = identity !== ABSENT && identity % VARIANTS === IDENTITY ? identity / VARIANTS : ABSENT;
    const named =
      hash !== ABSENT &&
      (entry.gzip === undefined || gzip === hash * VARIANTS + GZIP) &&
      (entry.br === undefined || br === hash * VARIANTS + BR) &&
      entry.etag === `"${hashIn(entry.file, IDENTITY)}"`;
    if (named) {
      this.#bodyOf[number] = hash;
      this.#variantsOf[number] = (entry.gzip === undefined ? 0 : HAS_GZIP) | (entry.br === undefined ? 0 : HAS_BR);
    } else {
      this.#bodyOf[number] = -1 - this.#unusual.length;
      this.#unusual.push(entry);
    }
    if (entry.restriction === undefined) this.#restrictions.delete(number);
    else this.#restrictions.set(number, entry.restriction);
  }

  /** Every body file this shard's entries name, once per key (a file two keys name comes twice). */
  *ownFiles(): IterableIterator<string> {
    for (let number = 0; number < this.#keys.size; number++) {
      const body = this.#bodyOf[number] ?? 0;
      if (body >= 0) {
        const variants = this.#variantsOf[number] ?? 0;
        yield this.#names.fileAt(body * VARIANTS + IDENTITY);
        if (variants & HAS_GZIP) yield this.#names.fileAt(body * VARIANTS + GZIP);
        if (variants & HAS_BR) yield this.#names.fileAt(body * VARIANTS + BR);
        continue;
      }
      const entry = this.#unusual[-1 - body] as IndexEntry;
      yield entry.file;
      if (entry.gzip !== undefined) yield entry.gzip.file;
      if (entry.br !== undefined) yield entry.br.file;
    }
  }

  /** Every body file the snapshot's entries name (of every shard sharing the names). */
  files(): IterableIterator<string> {
    return this.#names.files();
  }

  /** True when the entries name `bodies/<name>`: the folder's names are checked without making a path of each. */
  namesBody(name: string): boolean {
    return this.#names.namesBody(name);
  }

  /** Distinct body files named. */
  get fileCount(): number {
    return this.#names.fileCount;
  }

  get size(): number {
    return this.#keys.size;
  }

  has(key: string): boolean {
    return this.#numberOf(key) !== -1;
  }

  get(key: string): LoadedEntry | undefined {
    const number = this.#numberOf(key);
    if (number === -1) return undefined;
    const known = this.#loaded.get(number);
    if (known !== undefined) return known;
    // A crawl of every key would otherwise rebuild what the compact form saves (82 MB of objects at 207,857 keys);
    // body objects are kept, since they carry the bytes held in memory and the budget spent on them.
    if (this.#loaded.size >= LOADED_LIMIT) this.#loaded = new Map();
    const made = this.#materialise(number);
    this.#loaded.set(number, made);
    return made;
  }

  /** A new entry object for `key`, kept by nothing here: for a caller that keeps its own (sharded-entries.ts). */
  make(key: string): LoadedEntry | undefined {
    const number = this.#numberOf(key);
    return number === -1 ? undefined : this.#materialise(number);
  }

  // Answers ask `has` and then `get` with the same key: the second lookup is one string comparison, as a Map's second
  // lookup reuses the hash V8 keeps in the string.
  #numberOf(key: string): number {
    if (key === this.#lastKey) return this.#lastNumber;
    const number = this.#keys.find(key);
    this.#lastKey = key;
    this.#lastNumber = number;
    return number;
  }

  #materialise(number: number): LoadedEntry {
    const body = this.#bodyOf[number] ?? 0;
    const restriction = this.#restrictions.get(number);
    if (body >= 0) {
      const variants = this.#variantsOf[number] ?? 0;
      return {
        etag: `"${this.#names.hashAt(body)}"`,
        identity: this.#hashedBody(body * VARIANTS + IDENTITY),
        gzip: variants & HAS_GZIP ? this.#hashedBody(body * VARIANTS + GZIP) : undefined,
        br: variants & HAS_BR ? this.#hashedBody(body * VARIANTS + BR) : undefined,
        restriction,
        prepared: undefined,
      };
    }
    const entry = this.#unusual[-1 - body] as IndexEntry;
    return {
      etag: entry.etag,
      identity: this.#bodyNamed(entry.file),
      gzip: entry.gzip === undefined ? undefined : this.#bodyNamed(entry.gzip.file),
      br: entry.br === undefined ? undefined : this.#bodyNamed(entry.br.file),
      restriction,
      prepared: undefined,
    };
  }

  // One StoredBody per file and shard, shared by every key of the shard that names it: it carries the bytes kept in
  // memory.
  #hashedBody(slot: number): StoredBody {
    const known = this.#bodies.get(slot);
    if (known !== undefined) return known;
    const file = this.#names.fileAt(slot);
    const path = `${this.#pool}/${file.slice(PREFIX.length)}`;
    const body = this.#newBody(file, path, this.#names.sizeAt(slot));
    this.#bodies.set(slot, body);
    return body;
  }

  #bodyNamed(file: string): StoredBody {
    const variant = variantOf(file);
    if (variant !== ABSENT) return this.#hashedBody(this.#names.findHash(hashIn(file, variant)) * VARIANTS + variant);
    const known = this.#bodies.get(file);
    if (known !== undefined) return known;
    const body = this.#newBody(file, `${this.#directory}/${file}`, this.#names.otherSize(file));
    this.#bodies.set(file, body);
    return body;
  }

  #newBody(file: string, path: string, size: number): StoredBody {
    return { file, path, size, bytes: undefined, memory: this.#memory, ledger: this.ledger };
  }

  *keys(): MapIterator<string> {
    for (let number = 0; number < this.#keys.size; number++) yield this.#keys.at(number);
  }
}
