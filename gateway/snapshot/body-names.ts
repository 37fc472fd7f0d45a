// The body files an index names, with their sizes: content hashes in a string table, sizes in a typed array, other
// names in a map. Shared by the index shards of a snapshot, and by the next snapshot's when a reload reuses shards
// (docs/snapshot.md: How a reload reuses the index), so a file given two sizes is refused whichever shards name it.
import { BODY_PREFIX, BODY_SUFFIXES } from '../../contract/dist-folder.ts';
import type { StoredFile } from '../../contract/snapshot.ts';
import { StringTable } from './string-table.ts';

/** The generator names a body's files after its content hash, which is also its ETag: only the hash is held. */
export const PREFIX = BODY_PREFIX;
export const VARIANT_SUFFIXES = [BODY_SUFFIXES.identity, BODY_SUFFIXES.gzip, BODY_SUFFIXES.br] as const;
export const [IDENTITY, GZIP, BR] = [0, 1, 2];
export const VARIANTS = VARIANT_SUFFIXES.length;
const IDENTITY_SUFFIX = VARIANT_SUFFIXES[0];
export const ABSENT = -1;

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
export function hashIn(file: string, variant: number): string {
  return file.slice(PREFIX.length, file.length - (VARIANT_SUFFIXES[variant] ?? '').length);
}

function grownFloat(array: Float64Array, needed: number): Float64Array {
  if (needed <= array.length) return array;
  const copy = new Float64Array(Math.max(needed, array.length * 2)).fill(ABSENT);
  copy.set(array);
  return copy;
}

export class BodyNames {
  readonly #hashes = new StringTable();
  /** Per hash and variant (a slot: hash number × 3 + variant): the file's size, or ABSENT when no entry names it. */
  #sizes: Float64Array = new Float64Array(1024 * VARIANTS).fill(ABSENT);
  /** Sizes of files whose names have no hash, by name. */
  readonly #otherFiles = new Map<string, number>();
  /** Slots with a size: counted as they are recorded, since a pass over every slot cost 45 ms of a 4,000-page start. */
  #hashedFiles = 0;

  /** Records a file's size; returns its slot, or ABSENT for names without a hash. Throws when it had another size. */
  record(file: string, size: number): number {
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

  /** A variant named `<identity file>.gz` or `.br` has the identity's hash: no second lookup (half the adds at 40,000
   *  pages). */
  recordBeside(identity: number, identityFile: string, variant: StoredFile, kind: number): number {
    const suffix = VARIANT_SUFFIXES[kind] ?? '';
    const beside =
      identity !== ABSENT &&
      identity % VARIANTS === IDENTITY &&
      variant.file.length === identityFile.length + suffix.length - IDENTITY_SUFFIX.length &&
      variant.file.startsWith(identityFile) &&
      variant.file.endsWith(suffix);
    return beside
      ? this.#recordSize(identity + kind, variant.file, variant.size)
      : this.record(variant.file, variant.size);
  }

  #recordSize(slot: number, file: string, size: number): number {
    const recorded = this.#sizes[slot] ?? ABSENT;
    if (recorded !== ABSENT && recorded !== size)
      throw new Error(`${file}: the index gives it two sizes, ${recorded} and ${size}`);
    if (recorded === ABSENT) this.#hashedFiles++;
    this.#sizes[slot] = size;
    return slot;
  }

  sizeAt(slot: number): number {
    return this.#sizes[slot] ?? 0;
  }

  otherSize(file: string): number {
    return this.#otherFiles.get(file) ?? 0;
  }

  hashAt(number: number): string {
    return this.#hashes.at(number);
  }

  /** The number of a hash, or -1. */
  findHash(hash: string): number {
    return this.#hashes.find(hash);
  }

  /** The name of the file in a slot: `bodies/<hash><suffix>`. */
  fileAt(slot: number): string {
    return `${PREFIX}${this.#hashes.at(Math.floor(slot / VARIANTS))}${VARIANT_SUFFIXES[slot % VARIANTS]}`;
  }

  /** Files named other than after a hash: a snapshot with any is never reused, since they belong to its folder. */
  get otherFileCount(): number {
    return this.#otherFiles.size;
  }

  /** Every body file named, for checking them against the bodies folder. */
  *files(): IterableIterator<string> {
    for (let slot = 0; slot < this.#hashes.size * VARIANTS; slot++)
      if ((this.#sizes[slot] ?? ABSENT) !== ABSENT) yield this.fileAt(slot);
    yield* this.#otherFiles.keys();
  }

  /** True when `bodies/<name>` is named, `name` being `text` from `start` to `end`: the folder's names are checked
   *  where the listing holds them, without making a string of each. */
  namesBody(text: string, start = 0, end = text.length): boolean {
    for (let variant = 0; variant < VARIANTS; variant++) {
      const suffix = VARIANT_SUFFIXES[variant] ?? '';
      if (!text.endsWith(suffix, end)) continue;
      const number = end - start > suffix.length ? this.#hashes.find(text, start, end - suffix.length) : -1;
      if (number !== -1) return (this.#sizes[number * VARIANTS + variant] ?? ABSENT) !== ABSENT;
    }
    return this.#otherFiles.size > 0 && this.#otherFiles.has(`${PREFIX}${text.slice(start, end)}`);
  }

  /** Distinct body files named. */
  get fileCount(): number {
    return this.#otherFiles.size + this.#hashedFiles;
  }
}
