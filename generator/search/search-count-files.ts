// The files of the saved search counts: a small root (term table, every page's URL and document count, the site's term
// counts, the name of each bucket's file) and one file per bucket of pages, the pages a search shard holds, so a build
// that changed one page rewrites one bucket and the root (docs/decisions.md: Search counts saved per shard).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize } from 'node:v8';
import { CACHE_DIR } from '../render/render-cache.ts';
import type { CountedDocument } from './page-search.ts';

export const COUNTS_DIR = join(CACHE_DIR, 'search-counts');
export const ROOT_FILE = 'root.v8';
/** The single file of formats 2–4, removed by the first save of this layout. */
export const OLD_FILE = join(CACHE_DIR, 'search-counts.v8');
/** 5: a root and one file per bucket. */
export const COUNTS_FORMAT = 5;

export interface SavedRoot {
  format: typeof COUNTS_FORMAT;
  fingerprint: string;
  /** The term table, id → term. */
  terms: string[];
  /** Every page's URL in the memo's order, and its number of documents. */
  urls: string[];
  documentCounts: Uint8Array;
  /** Bucket → the name of its file in COUNTS_DIR; a page's bucket is its search shard among `files.length`. */
  files: string[];
  /** The last step's site: its pages, documents, each term's documents, and the common term ids. */
  site?: { pages: number; documents: number; byTerm: Uint32Array; commonTerms: Uint32Array };
}

/** A page's URL, what its counts were made from, and its documents. */
export type SavedPage = [string, string, CountedDocument[]];

export interface SavedBucket {
  format: typeof COUNTS_FORMAT;
  fingerprint: string;
  bucket: number;
  pages: SavedPage[];
}

/** A bucket's file that is missing, unreadable or not the one the root names: the counts cannot be trusted. */
export class SpoiledSearchCounts extends Error {}

export const newFileName = (bucket: number) => `${bucket}-${randomBytes(6).toString('hex')}.v8`;

/** The root of `fingerprint`'s counts in `outDir`; undefined when there is none or it is another's or spoiled. */
export async function readRoot(outDir: string, fingerprint: string): Promise<SavedRoot | undefined> {
  try {
    const root = deserialize(await readFile(join(outDir, COUNTS_DIR, ROOT_FILE))) as Partial<SavedRoot> | undefined;
    if (root?.format !== COUNTS_FORMAT || root.fingerprint !== fingerprint) return undefined;
    const { terms, urls, documentCounts, files } = root;
    if (!Array.isArray(terms) || !Array.isArray(urls) || !Array.isArray(files)) return undefined;
    if (!(documentCounts instanceof Uint8Array) || documentCounts.length !== urls.length) return undefined;
    if (files.length === 0 || (files.length & (files.length - 1)) !== 0) return undefined;
    return root as SavedRoot;
  } catch {
    return undefined;
  }
}

/** The pages of a bucket's file by URL; throws SpoiledSearchCounts unless it is the bucket `root` names. */
export function readBucket(outDir: string, root: SavedRoot, bucket: number): Map<string, SavedPage> {
  let saved: Partial<SavedBucket> | undefined;
  try {
    saved = deserialize(readFileSync(join(outDir, COUNTS_DIR, root.files[bucket]!))) as Partial<SavedBucket>;
  } catch {
    throw new SpoiledSearchCounts(`search counts: bucket ${bucket} does not read`);
  }
  const valid =
    saved?.format === COUNTS_FORMAT &&
    saved.fingerprint === root.fingerprint &&
    saved.bucket === bucket &&
    Array.isArray(saved.pages) &&
    saved.pages.every((page) => Array.isArray(page) && typeof page[1] === 'string' && Array.isArray(page[2]));
  if (!valid) throw new SpoiledSearchCounts(`search counts: bucket ${bucket} is not the root's`);
  return new Map(saved.pages!.map((page) => [page[0], page]));
}
