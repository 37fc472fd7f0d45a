// The bodies of a staging snapshot by hash, one row each: a written body is kept as three sizes in a column (its file
// names follow from its hash, contract/dist-folder.ts bodyFile) and its hash string once, which the responses
// answering with it share (docs/decisions.md: A build keeps a body as a row of numbers).
import { bodyFile } from '../../contract/dist-folder.ts';
import type { StagedBody } from './staged-body.ts';

/** Sizes per row: identity, gzip, brotli; -1 where the body has no such compressed copy. */
const SIZES = 3;
const NONE = -1;
const FIRST_ROWS = 1024;

/** True where every file of `body` is named as bodyFile names it: then its sizes are enough to make it again. */
function namedByHash(body: StagedBody): boolean {
  return (
    body.identity.file === bodyFile(body.hash) &&
    (body.gzip === undefined || body.gzip.file === bodyFile(body.hash, 'gzip')) &&
    (body.br === undefined || body.br.file === bodyFile(body.hash, 'br'))
  );
}

export class BodyTable {
  readonly #rows = new Map<string, number>();
  /** Row → the hash string first given for it. */
  readonly #hashes: string[] = [];
  #sizes = new Float64Array(FIRST_ROWS * SIZES);
  /** Row → 1 while every use so far is a page content body (another use may need more compressed copies). */
  #pageContentOnly = new Uint8Array(FIRST_ROWS);
  /** Rows whose files are still being written: `settled` waits on these only, not on every body of the build. */
  readonly #pending = new Map<number, Promise<StagedBody>>();
  /** Written bodies whose files are not named by their hash (media files): kept whole. */
  readonly #whole = new Map<number, StagedBody>();

  get size(): number {
    return this.#hashes.length;
  }

  rowOf(hash: string): number | undefined {
    return this.#rows.get(hash);
  }

  /** The hash string of a row, shared by every response answering with the body. */
  hashAt(row: number): string {
    return this.#hashes[row] as string;
  }

  hashes(): readonly string[] {
    return this.#hashes;
  }

  /** A new row for `hash`, its body not yet settled. */
  add(hash: string, pageContentOnly: boolean): number {
    const row = this.#hashes.length;
    if (row === this.#pageContentOnly.length) this.#grow();
    this.#rows.set(hash, row);
    this.#hashes.push(hash);
    this.#pageContentOnly[row] = pageContentOnly ? 1 : 0;
    this.#sizes.fill(NONE, row * SIZES, row * SIZES + SIZES);
    return row;
  }

  pageContentOnly(row: number): boolean {
    return this.#pageContentOnly[row] === 1;
  }

  widen(row: number): void {
    this.#pageContentOnly[row] = 0;
  }

  /** Tracks the write of a row's files; only the latest write of a row settles it (a widened body replaces the first). */
  settle(row: number, body: Promise<StagedBody>): Promise<StagedBody> {
    const tracked: Promise<StagedBody> = body.then((value) => {
      if (this.#pending.get(row) === tracked) {
        this.#pending.delete(row);
        this.#keep(row, value);
      }
      return value;
    });
    this.#pending.set(row, tracked);
    return tracked;
  }

  /** Keeps a body already written (linked from the previous snapshot, or a media file). */
  settled(row: number, body: StagedBody): void {
    this.#keep(row, body);
  }

  /** The body of a row once written; undefined while it is being written. */
  body(row: number): StagedBody | undefined {
    if (this.#pending.has(row)) return undefined;
    const whole = this.#whole.get(row);
    if (whole !== undefined) return whole;
    const hash = this.hashAt(row);
    const at = row * SIZES;
    const [identity, gzip, br] = [this.#sizes[at], this.#sizes[at + 1], this.#sizes[at + 2]] as number[];
    return {
      hash,
      identity: { file: bodyFile(hash), size: identity as number },
      ...(gzip !== NONE ? { gzip: { file: bodyFile(hash, 'gzip'), size: gzip as number } } : {}),
      ...(br !== NONE ? { br: { file: bodyFile(hash, 'br'), size: br as number } } : {}),
    };
  }

  /** The body of a row as a promise: the write under way, or the written body. */
  bodyOf(row: number): Promise<StagedBody> {
    return this.#pending.get(row) ?? Promise.resolve(this.body(row) as StagedBody);
  }

  /** The writes under way. */
  pending(): Array<Promise<StagedBody>> {
    return [...this.#pending.values()];
  }

  #keep(row: number, body: StagedBody): void {
    if (!namedByHash(body)) {
      this.#whole.set(row, body);
      return;
    }
    this.#whole.delete(row);
    const at = row * SIZES;
    this.#sizes[at] = body.identity.size;
    this.#sizes[at + 1] = body.gzip?.size ?? NONE;
    this.#sizes[at + 2] = body.br?.size ?? NONE;
  }

  #grow(): void {
    const sizes = new Float64Array(this.#sizes.length * 2);
    sizes.set(this.#sizes);
    this.#sizes = sizes;
    const flags = new Uint8Array(this.#pageContentOnly.length * 2);
    flags.set(this.#pageContentOnly);
    this.#pageContentOnly = flags;
  }
}
