// The staging snapshot of a build in progress: each body's files are written to the dist's body pool as soon as the
// body is made (bodies the previous snapshot has are reused, not written), so a build keeps hashes and sizes, never
// every body (docs/decisions.md: Bodies are written while pages render), see docs/snapshot.md on the body pool.
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { bodyFile } from '../../contract/dist-folder.ts';
import { openStagingFolder, previousBodies, readPrevious, removeUnnamed, reusePrevious } from './body-pool.ts';
import type { PreviousSnapshot } from './body-pool.ts';
import { storedEncodings, type StoredEncoding } from './compression-policy.ts';
import { MEDIA_SUFFIX, openMediaStore } from '../media/media-store.ts';
import type { StagedBody } from './staged-body.ts';
import { BodyTable } from './body-table.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Quality 5 keeps builds fast while getting most of brotli's gain over gzip. */
const BROTLI_QUALITY = 5;
/** Measured on the benchmark's bodies: level 4 is 2 % larger than level 9 and takes half the time. */
const GZIP_LEVEL = 4;
/** A compressed copy must save a tenth of the body to be worth a file. */
const MAX_COMPRESSED_RATIO = 0.9;

/** How the responses answering with a body use it; decides its compressed copies (compression-policy.ts). */
export interface BodyUse {
  /** Every response answering with it is a page's content body. */
  pageContent: boolean;
  /** False for bodies never sent (the search index): no compressed copies. */
  compress: boolean;
}

/** Where bodies go while a build runs; render-pages.ts sees only this much of the staging snapshot. */
export interface BodyStore {
  /** Writes a body's files once per hash (or links them from the previous snapshot); resolves when they are on disk. */
  store(hash: string, text: string, use: BodyUse): Promise<StagedBody>;
  /** Links the previous snapshot's files of a body whose text this build does not have; false where it has none. */
  reuse(hash: string): boolean;
}

export interface Staging extends BodyStore {
  /** The string the staging snapshot knows `hash` by (`hash` where it has no such body): a response record keeps that
   *  one, so each hash is in memory once whatever the responses answering with it. */
  sharedHash(hash: string): string;
  readonly distDir: string;
  /** The staging folder, renamed into place when the snapshot is complete. */
  readonly directory: string;
  readonly previous: PreviousSnapshot | undefined;
  /** Stores a media file content-addressed (media/media-store.ts); resolves to the name `stored` knows it by. */
  storeMedia(path: string): Promise<string>;
  /** The files of a body stored or reused, once its `store` has resolved (or a media file, by its `storeMedia` name).
   *  */
  stored(hash: string): StagedBody | undefined;
  /** Waits for every body's files. */
  settled(): Promise<void>;
  /** The identity body of a stored hash, read back from staging (in the page cache: it was just written or linked). */
  read(hash: string): Promise<string | undefined>;
  /** Removes the staging folder and leaves `distDir` as it was found; for a build that fails. */
  discard(): Promise<void>;
}

const COMPRESSORS: Record<StoredEncoding, (text: string, size: number) => Promise<Buffer>> = {
  gzip: (text) => gzipAsync(text, { level: GZIP_LEVEL }),
  br: (text, size) =>
    brotliAsync(text, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size },
    }),
};

/** Adds the compressed copies of `encodings` that `body` lacks and that save enough. */
async function addVariants(
  directory: string,
  body: StagedBody,
  text: string,
  encodings: readonly StoredEncoding[],
): Promise<StagedBody> {
  const wanted = encodings.filter((encoding) => body[encoding] === undefined);
  const compressed = await Promise.all(wanted.map((encoding) => COMPRESSORS[encoding](text, body.identity.size)));
  const variants: StagedBody = { ...body };
  await Promise.all(
    wanted.map(async (encoding, position) => {
      const data = compressed[position];
      if (data === undefined || data.byteLength >= body.identity.size * MAX_COMPRESSED_RATIO) return;
      const file = bodyFile(body.hash, encoding);
      await writeFile(join(directory, file), data);
      variants[encoding] = { file, size: data.byteLength };
    }),
  );
  return variants;
}

function encodingsFor(size: number, use: BodyUse): readonly StoredEncoding[] {
  return use.compress ? storedEncodings({ size, pageContent: use.pageContent }) : [];
}

/** Writes a body's identity file and the compressed copies worth keeping into `directory`'s `bodies`. */
export async function writeBody(directory: string, hash: string, text: string, use: BodyUse): Promise<StagedBody> {
  const size = Buffer.byteLength(text);
  const identity = { file: bodyFile(hash), size };
  await writeFile(join(directory, identity.file), text);
  return addVariants(directory, { hash, identity }, text, encodingsFor(size, use));
}

export async function openStaging(distDir: string): Promise<Staging> {
  const { directory, created } = await openStagingFolder(distDir);
  const previous = await readPrevious(distDir);
  const before = previousBodies(previous ? [...Object.values(previous.index.entries), ...previous.shards] : []);
  const table = new BodyTable();
  const media = openMediaStore(directory, previous);
  const mediaInFlight = new Set<Promise<unknown>>();

  let closed = false;
  /** A row for a body of the previous snapshot whose files the pool still holds; undefined where there is none. */
  const linked = (hash: string): number | undefined => {
    const reused = previous && before.get(hash);
    if (!previous || !reused || !reusePrevious(previous, reused)) return undefined;
    const row = table.add(hash, false);
    table.settled(row, reused);
    return row;
  };

  return {
    distDir,
    directory,
    previous,
    store(hash, text, use) {
      if (closed) return Promise.reject(new Error('the staging snapshot was discarded'));
      const row = table.rowOf(hash);
      if (row === undefined) {
        const made = linked(hash);
        if (made !== undefined) return table.bodyOf(made);
        return table.settle(table.add(hash, use.pageContent), writeBody(directory, hash, text, use));
      }
      // The same text answering a response that is not page content gets that response's copies too.
      if (table.pageContentOnly(row) && !use.pageContent) {
        table.widen(row);
        return table.settle(
          row,
          table.bodyOf(row).then((body) => addVariants(directory, body, text, encodingsFor(body.identity.size, use))),
        );
      }
      return table.bodyOf(row);
    },
    sharedHash(hash) {
      const row = table.rowOf(hash);
      return row === undefined ? hash : table.hashAt(row);
    },
    reuse(hash) {
      if (closed) return false;
      return table.rowOf(hash) !== undefined || linked(hash) !== undefined;
    },
    storeMedia(path) {
      if (closed) return Promise.reject(new Error('the staging snapshot was discarded'));
      const placed = media.store(path).then((body) => {
        const name = `${body.hash}${MEDIA_SUFFIX}`;
        table.settled(table.rowOf(name) ?? table.add(name, false), body);
        return name;
      });
      const tracked = placed.finally(() => mediaInFlight.delete(tracked));
      mediaInFlight.add(tracked);
      return placed;
    },
    stored: (hash) => {
      const row = table.rowOf(hash);
      return row === undefined ? undefined : table.body(row);
    },
    settled: async () => {
      // A body may be widened while another is awaited: wait until a pass finds nothing new. Only unsettled rows are
      // awaited: a step that stores in small batches would otherwise wait on every body of the build per batch.
      for (let pending = table.pending(); pending.length > 0; pending = table.pending()) await Promise.all(pending);
    },
    // Synchronous: the file was just written or linked and is in the page cache; a search step reads every content
    // body back (8,000 at 4,000 pages), and thread-pool round trips would cost more than the reads.
    read: async (hash) =>
      table.rowOf(hash) !== undefined ? readFileSync(join(directory, bodyFile(hash)), 'utf8') : undefined,
    discard: async () => {
      closed = true;
      // Writes under way finish (or fail) first, so none lands in a folder being removed.
      await Promise.allSettled(table.pending());
      await Promise.allSettled([...mediaInFlight]);
      // The staging folder (its `bodies` is a link, removed as a link), the pool files of this build that no kept
      // snapshot names (one may name the same bytes), and folders this build created.
      await removeUnnamed(distDir, table.hashes());
      await rm(directory, { recursive: true, force: true });
      for (const folder of created.reverse())
        if (folder !== undefined) await rm(folder, { recursive: true, force: true });
    },
  };
}
