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
import { bodyOfSizes, sizesOf, type BodySizes } from './body-sizes.ts';

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

interface Slot {
  /** The body's files being written; undefined once they are. */
  body: Promise<StagedBody> | undefined;
  /** Once written: the body, by its sizes where its files have the pool's names (body-sizes.ts). */
  settled?: StagedBody | BodySizes;
  /** Written by this build as a page content body only: another use may need more compressed copies. */
  pageContentOnly: boolean;
}

/** The body a slot holds once written; undefined while it is being written. */
function settledBody(hash: string, slot: Slot | undefined): StagedBody | undefined {
  const settled = slot?.settled;
  return settled === undefined || 'hash' in settled ? settled : bodyOfSizes(hash, settled);
}

/** The body of a slot as a promise: the write under way, or the settled body. */
function bodyOf(hash: string, slot: Slot): Promise<StagedBody> {
  return slot.body ?? Promise.resolve(settledBody(hash, slot) as StagedBody);
}

export async function openStaging(distDir: string): Promise<Staging> {
  const { directory, created } = await openStagingFolder(distDir);
  const previous = await readPrevious(distDir);
  const before = previousBodies(previous ? [...Object.values(previous.index.entries), ...previous.shards] : []);
  const slots = new Map<string, Slot>();
  const media = openMediaStore(directory, previous);
  const mediaInFlight = new Set<Promise<unknown>>();

  let closed = false;
  /** Slots whose files are still being written: `settled` waits on these only, not on every body of the build. */
  const unsettled = new Set<Slot>();
  /** `settled` belongs to the latest promise of the slot only: a widened body replaces the first one. */
  const settle = (slot: Slot, body: Promise<StagedBody>): Promise<StagedBody> => {
    slot.settled = undefined;
    unsettled.add(slot);
    const tracked: Promise<StagedBody> = body.then((value) => {
      if (slot.body === tracked) {
        // Sizes only, and no promise: a 40,000-page build holds some 140,000 of these until it publishes.
        slot.settled = sizesOf(value) ?? value;
        slot.body = undefined;
        unsettled.delete(slot);
      }
      return value;
    });
    slot.body = tracked;
    return tracked;
  };
  const linked = (hash: string): Slot | undefined => {
    const reused = previous && before.get(hash);
    if (!previous || !reused || !reusePrevious(previous, reused)) return undefined;
    return { body: Promise.resolve(reused), settled: reused, pageContentOnly: false };
  };

  return {
    distDir,
    directory,
    previous,
    store(hash, text, use) {
      if (closed) return Promise.reject(new Error('the staging snapshot was discarded'));
      const slot = slots.get(hash);
      if (slot === undefined) {
        const made = linked(hash);
        if (made) {
          slots.set(hash, made);
          return bodyOf(hash, made);
        }
        // `body` and `settled` are set by settle.
        const fresh = { pageContentOnly: use.pageContent } as Slot;
        slots.set(hash, fresh);
        return settle(fresh, writeBody(directory, hash, text, use));
      }
      // The same text answering a response that is not page content gets that response's copies too.
      if (slot.pageContentOnly && !use.pageContent) {
        slot.pageContentOnly = false;
        return settle(
          slot,
          bodyOf(hash, slot).then((body) => addVariants(directory, body, text, encodingsFor(body.identity.size, use))),
        );
      }
      return bodyOf(hash, slot);
    },
    reuse(hash) {
      if (closed) return false;
      if (slots.has(hash)) return true;
      const made = linked(hash);
      if (made) slots.set(hash, made);
      return made !== undefined;
    },
    storeMedia(path) {
      if (closed) return Promise.reject(new Error('the staging snapshot was discarded'));
      const placed = media.store(path).then((body) => {
        const name = `${body.hash}${MEDIA_SUFFIX}`;
        slots.set(name, { body: Promise.resolve(body), settled: body, pageContentOnly: false });
        return name;
      });
      const tracked = placed.finally(() => mediaInFlight.delete(tracked));
      mediaInFlight.add(tracked);
      return placed;
    },
    stored: (hash) => settledBody(hash, slots.get(hash)),
    settled: async () => {
      // A body may be widened while another is awaited: wait until a pass finds nothing new. Only unsettled slots are
      // awaited: a step that stores in small batches would otherwise wait on every body of the build per batch.
      while (unsettled.size > 0) await Promise.all([...unsettled].map((slot) => slot.body));
    },
    // Synchronous: the file was just written or linked and is in the page cache; a search step reads every content
    // body back (8,000 at 4,000 pages), and thread-pool round trips would cost more than the reads.
    read: async (hash) => (slots.has(hash) ? readFileSync(join(directory, bodyFile(hash)), 'utf8') : undefined),
    discard: async () => {
      closed = true;
      // Writes under way finish (or fail) first, so none lands in a folder being removed.
      await Promise.allSettled([...slots.values()].map((slot) => slot.body));
      await Promise.allSettled([...mediaInFlight]);
      // The staging folder (its `bodies` is a link, removed as a link), the pool files of this build that no kept
      // snapshot names (one may name the same bytes), and folders this build created.
      await removeUnnamed(distDir, [...slots.keys()]);
      await rm(directory, { recursive: true, force: true });
      for (const folder of created.reverse())
        if (folder !== undefined) await rm(folder, { recursive: true, force: true });
    },
  };
}
