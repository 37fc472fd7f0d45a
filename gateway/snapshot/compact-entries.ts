// The index's entries in compact form: request keys and body names in string tables, sizes and links in typed arrays.
// The objects requests use (LoadedEntry, StoredBody) are made on a key's first lookup, so memory grows with what is
// asked for, not with the size of the site (docs/performance.md: Heap after a snapshot load).
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import type { IndexEntry, Restriction, StoredFile } from '../../contract/snapshot.ts';
import type { BodyMemory, LoadedEntry, StoredBody } from './snapshot-loader.ts';
import { StringTable } from './string-table.ts';

/** The generator names a body's files after its content hash, which is also its ETag: only the hash is held. */
const PREFIX = `${DIST_LAYOUT.bodiesDir}/`;
const VARIANT_SUFFIXES = ['.json', '.json.gz', '.json.br'] as const;
const [IDENTITY, GZIP, BR] = [0, 1, 2];
const VARIANTS = VARIANT_SUFFIXES.length;
const IDENTITY_SUFFIX = VARIANT_SUFFIXES[0];
const ABSENT = -1;
const HAS_GZIP = 1;
const HAS_BR = 2;
/** Entry objects kept at most: far above a busy site's hot set (the benchmark's mix asks for 1,668 keys). */
export const LOADED_LIMIT = 32_768;

/** The variant of a `bodies/<hash>.json`, `.json.gz` or `.json.br` name, or ABSENT for any other name. */
export function variantOf(file: string): number {
  if (!file.startsWith(PREFIX)) return ABSENT;
  for (let variant = 0; variant < VARIANTS; variant++) {
    const suffix = VARIANT_SUFFIXES[variant] ?? '';
    if (!file.endsWith(suffix)) continue;
    const end = file.length - suffix.length;
    const slash = file.indexOf('/', PREFIX.length);
    return end > PREFIX.length && (slash === -1 || slash >= end) ? variant : ABSENT;
  }
  return ABSENT;
}

/** The hash in a name `variantOf` accepted. */
function hashIn(file: string, variant: number): string {
  return file.slice(PREFIX.length, file.length - (VARIANT_SUFFIXES[variant] ?? '').length);
}

function grownFloat(array: Float64Array, needed: number): Float64Array {
  if (needed <= array.length) return array;
  const copy = new Float64Array(Math.max(needed, array.length * 2)).fill(ABSENT);
  copy.set(array);
  return copy;
}

function grownInt(array: Int32Array, needed: number): Int32Array {
  if (needed <= array.length) return array;
  const copy = new Int32Array(Math.max(needed, array.length * 2));
  copy.set(array);
  return copy;
}

export class CompactEntries implements ReadonlyMap<string, LoadedEntry> {
  readonly #keys = new StringTable();
  /** Per key: the number of its body's hash, or -1 - n for `#unusual[n]`. */
  #bodyOf: Int32Array = new Int32Array(1024);
  /** Per key: HAS_GZIP | HAS_BR. */
  #variantsOf: Int32Array = new Int32Array(1024);
  readonly #restrictions = new Map<number, Restriction>();
  /** Entries whose files or ETag are not named after one hash (hand-written indexes, tests): held as they came. */
  readonly #unusual: IndexEntry[] = [];
  readonly #hashes = new StringTable();
  /** Per hash and variant: the file's size, or ABSENT when no entry names it. */
  #sizes: Float64Array = new Float64Array(1024 * VARIANTS).fill(ABSENT);
  /** Sizes of files whose names have no hash, by name. */
  readonly #otherFiles = new Map<string, number>();
  /** Entries made so far, by key number; emptied when LOADED_LIMIT is reached. */
  #loaded = new Map<number, LoadedEntry>();
  readonly #bodies: Array<StoredBody | undefined> = [];
  readonly #otherBodies = new Map<string, StoredBody>();
  readonly #memory: BodyMemory;
  #lastKey: string | undefined;
  #lastNumber = -1;

  constructor(memory: BodyMemory) {
    this.#memory = memory;
  }

  /** Adds a validated entry; a key given twice keeps the last, as JSON.parse would. Throws when a file gets two sizes.
   *  */
  add(key: string, entry: IndexEntry): void {
    const number = this.#keys.add(key);
    this.#lastKey = undefined;
    this.#bodyOf = grownInt(this.#bodyOf, number + 1);
    this.#variantsOf = grownInt(this.#variantsOf, number + 1);
    const identity = this.#record(entry.file, entry.size);
    const gzip = entry.gzip === undefined ? ABSENT : this.#recordBeside(identity, entry.file, entry.gzip, GZIP);
    const br = entry.br === undefined ? ABSENT : this.#recordBeside(identity, entry.file, entry.br, BR);
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

  /** A variant named `<identity file>.gz` or `.br` has the identity's hash: no second lookup (half the adds at 40,000
   *  pages). */
  #recordBeside(identity: number, identityFile: string, variant: StoredFile, kind: number): number {
    const suffix = VARIANT_SUFFIXES[kind] ?? '';
    const beside =
      identity !== ABSENT &&
      identity % VARIANTS === IDENTITY &&
      variant.file.length === identityFile.length + suffix.length - IDENTITY_SUFFIX.length &&
      variant.file.startsWith(identityFile) &&
      variant.file.endsWith(suffix);
    return beside
      ? this.#recordSize(identity + kind, variant.file, variant.size)
      : this.#record(variant.file, variant.size);
  }

  #recordSize(slot: number, file: string, size: number): number {
    const recorded = this.#sizes[slot] ?? ABSENT;
    if (recorded !== ABSENT && recorded !== size)
      throw new Error(`${file}: the index gives it two sizes, ${recorded} and ${size}`);
    this.#sizes[slot] = size;
    return slot;
  }

  /** Records a file's size; returns its slot in `#sizes` (hash number × 3 + variant), or ABSENT for other names. */
  #record(file: string, size: number): number {
    const variant = variantOf(file);
    if (variant === ABSENT) {
      const known = this.#otherFiles.get(file);
      if (known !== undefined && known !== size)
        throw new Error(`${file}: the index gives it two sizes, ${known} and ${size}`);
      this.#otherFiles.set(file, size);
      return ABSENT;
    }
    const number = this.#hashes.add(hashIn(file, variant));
    this.#sizes = grownFloat(this.#sizes, (number + 1) * VARIANTS);
    return this.#recordSize(number * VARIANTS + variant, file, size);
  }

  /** Every body file the entries name, for checking them against the bodies folder. */
  *files(): IterableIterator<string> {
    for (let number = 0; number < this.#hashes.size; number++) {
      for (let variant = 0; variant < VARIANTS; variant++) {
        if ((this.#sizes[number * VARIANTS + variant] ?? ABSENT) !== ABSENT)
          yield `${PREFIX}${this.#hashes.at(number)}${VARIANT_SUFFIXES[variant]}`;
      }
    }
    yield* this.#otherFiles.keys();
  }

  /** True when the entries name `bodies/<name>`: the folder's names are checked without making a path of each. */
  namesBody(name: string): boolean {
    for (let variant = 0; variant < VARIANTS; variant++) {
      const suffix = VARIANT_SUFFIXES[variant] ?? '';
      if (!name.endsWith(suffix)) continue;
      const number = name.length > suffix.length ? this.#hashes.find(name, 0, name.length - suffix.length) : -1;
      if (number !== -1) return (this.#sizes[number * VARIANTS + variant] ?? ABSENT) !== ABSENT;
    }
    return this.#otherFiles.has(`${PREFIX}${name}`);
  }

  /** Distinct body files named. */
  get fileCount(): number {
    let count = this.#otherFiles.size;
    for (const size of this.#sizes.subarray(0, this.#hashes.size * VARIANTS)) if (size !== ABSENT) count++;
    return count;
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
        etag: `"${this.#hashes.at(body)}"`,
        identity: this.#hashedBody(body, IDENTITY),
        gzip: variants & HAS_GZIP ? this.#hashedBody(body, GZIP) : undefined,
        br: variants & HAS_BR ? this.#hashedBody(body, BR) : undefined,
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

  // One StoredBody per file, shared by every key that names it: it carries the bytes kept in memory.
  #hashedBody(number: number, variant: number): StoredBody {
    const slot = number * VARIANTS + variant;
    const known = this.#bodies[slot];
    if (known !== undefined) return known;
    const file = `${PREFIX}${this.#hashes.at(number)}${VARIANT_SUFFIXES[variant]}`;
    const body: StoredBody = { file, size: this.#sizes[slot] ?? 0, bytes: undefined, memory: this.#memory };
    this.#bodies[slot] = body;
    return body;
  }

  #bodyNamed(file: string): StoredBody {
    const variant = variantOf(file);
    if (variant !== ABSENT) return this.#hashedBody(this.#hashes.find(hashIn(file, variant)), variant);
    const known = this.#otherBodies.get(file);
    if (known !== undefined) return known;
    const body: StoredBody = { file, size: this.#otherFiles.get(file) ?? 0, bytes: undefined, memory: this.#memory };
    this.#otherBodies.set(file, body);
    return body;
  }

  *keys(): MapIterator<string> {
    for (let number = 0; number < this.#keys.size; number++) yield this.#keys.at(number);
  }

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
