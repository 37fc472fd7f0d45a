// The bodies of a saved published index as a map that makes each entry when first asked for it: a page-local build
// asks for a few dozen of 29,000 (docs/decisions.md: A cold page build reads what the edit touches).
import { poolName } from '../../contract/dist-folder.ts';
import type { StoredFile } from '../../contract/snapshot.ts';
import type { NamedBody } from '../write/published-index.ts';
import type { StagedBody } from '../write/staged-body.ts';

const stored = (file: string, size: number): StoredFile | undefined => (file === '' ? undefined : { file, size });

/** A body as saved: identity, gzip and brotli file ('' for none) and their sizes, then its uses. */
export interface SavedBodyRows {
  /** Three per body. */
  files: readonly string[];
  /** Four per body: the three sizes, then uses. */
  numbers: Float64Array;
}

/** Row `row`'s body. */
export function bodyOfRow(rows: SavedBodyRows, row: number): NamedBody {
  const { files, numbers } = rows;
  const file = files[row * 3] as string;
  const name = poolName(file);
  const gzip = stored(files[row * 3 + 1] as string, numbers[row * 4 + 1] as number);
  const br = stored(files[row * 3 + 2] as string, numbers[row * 4 + 2] as number);
  const body: StagedBody = {
    hash: name.slice(0, name.indexOf('.')),
    identity: { file, size: numbers[row * 4] as number },
    ...(gzip ? { gzip } : {}),
    ...(br ? { br } : {}),
  };
  return { body, uses: numbers[row * 4 + 3] as number };
}

/** A Map of identity file → body whose saved rows become entries when asked for; iterating it makes them all. */
export class SavedBodyMap extends Map<string, NamedBody> {
  /** Identity file → row, for the rows not made yet. */
  readonly #rows = new Map<string, number>();
  readonly #saved: SavedBodyRows;

  constructor(saved: SavedBodyRows) {
    super();
    this.#saved = saved;
    for (let row = 0; row * 3 < saved.files.length; row++) this.#rows.set(saved.files[row * 3] as string, row);
  }

  #make(file: string): void {
    const row = this.#rows.get(file);
    if (row === undefined) return;
    this.#rows.delete(file);
    super.set(file, bodyOfRow(this.#saved, row));
  }

  #makeAll(): void {
    for (const file of [...this.#rows.keys()]) this.#make(file);
  }

  override get(file: string): NamedBody | undefined {
    this.#make(file);
    return super.get(file);
  }
  override has(file: string): boolean {
    return this.#rows.has(file) || super.has(file);
  }
  override set(file: string, body: NamedBody): this {
    this.#rows.delete(file);
    return super.set(file, body);
  }
  override delete(file: string): boolean {
    return this.#rows.delete(file) || super.delete(file);
  }
  override clear(): void {
    this.#rows.clear();
    super.clear();
  }
  override get size(): number {
    return this.#rows.size + super.size;
  }
  override forEach(each: (body: NamedBody, file: string, map: Map<string, NamedBody>) => void, self?: unknown): void {
    this.#makeAll();
    super.forEach(each, self);
  }
  override entries(): MapIterator<[string, NamedBody]> {
    this.#makeAll();
    return super.entries();
  }
  override keys(): MapIterator<string> {
    this.#makeAll();
    return super.keys();
  }
  override values(): MapIterator<NamedBody> {
    this.#makeAll();
    return super.values();
  }
  override [Symbol.iterator](): MapIterator<[string, NamedBody]> {
    return this.entries();
  }

  /** The rows not made yet, then the entries made: what saving the map needs, without making every entry. */
  *rows(): Generator<NamedBody | { row: number }> {
    for (const row of this.#rows.values()) yield { row };
    yield* super.values();
  }

  get saved(): SavedBodyRows {
    return this.#saved;
  }
}
