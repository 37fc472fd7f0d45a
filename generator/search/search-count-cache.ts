// The search counts of the last build on disk, so a cold `build` into a dist folder counts only the pages whose inputs
// changed, as a resident builder does in memory. Only ever a shortcut: a missing, unreadable or stale file is an empty
// memo (or, read lazily, a SpoiledSearchCounts the caller answers with a site build), and each page's entry is used
// only while its inputs (body hashes, title, …) are the same.
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { PAGES_PER_SHARD, searchShardOf, shardCountFor } from '../../contract/search/search-shards.ts';
import { documentCountOf, lazyCountedPage } from './lazy-counted-page.ts';
import {
  COUNTS_DIR,
  COUNTS_FORMAT,
  newFileName,
  OLD_FILE,
  readBucket,
  readRoot,
  ROOT_FILE,
  SpoiledSearchCounts,
} from './search-count-files.ts';
import type { SavedBucket, SavedPage, SavedRoot } from './search-count-files.ts';
import type { SearchMemo } from './search-step.ts';
import { commonTermsAfter, countPage, emptyFrequencies } from './term-frequencies.ts';
import { createTermTable } from './term-table.ts';
import type { TermTable } from './term-table.ts';

export { SpoiledSearchCounts } from './search-count-files.ts';

type Entry = SearchMemo extends Map<string, infer Value> ? Value : never;

/** What a memo was loaded from: a bucket none of whose entries changed keeps its file. */
interface Loaded {
  fingerprint: string;
  table: TermTable;
  files: string[];
  bucketSizes: number[];
  /** The entries and counted pages as loaded (weakly: the build may let go of them). */
  entries: WeakSet<Entry>;
  pages: WeakSet<object>;
  /** URL → inputs, where known without reading a bucket. */
  inputs: Map<string, string>;
}

const loadedFrom = new WeakMap<SearchMemo, Loaded>();

function remember(memo: SearchMemo, root: SavedRoot, table: TermTable, inputs: Map<string, string>): void {
  const bucketSizes = root.files.map(() => 0);
  for (const url of root.urls) bucketSizes[searchShardOf(url, root.files.length)]!++;
  const entries = new WeakSet<Entry>();
  const pages = new WeakSet<object>();
  for (const entry of memo.values()) {
    entries.add(entry);
    pages.add(entry.counted);
  }
  loadedFrom.set(memo, {
    fingerprint: root.fingerprint,
    table,
    files: root.files,
    bucketSizes,
    entries,
    pages,
    inputs,
  });
}

function withSite(memo: SearchMemo, root: SavedRoot, table: TermTable): SearchMemo {
  memo.terms = table;
  if (root.site !== undefined) {
    const { pages, documents, byTerm, commonTerms } = root.site;
    memo.savedSite = { pages, frequencies: { documents, byTerm }, commonTerms: new Set(commonTerms) };
  }
  return memo;
}

/** The memo saved by the last build whose generator and contract code were the same (`fingerprint`), read whole. */
export async function loadSearchCounts(outDir: string, fingerprint: string): Promise<SearchMemo> {
  const root = await readRoot(outDir, fingerprint);
  if (root === undefined) return new Map();
  try {
    const buckets = root.files.map((_, bucket) => readBucket(outDir, root, bucket));
    const table = createTermTable(root.terms);
    const memo: SearchMemo = new Map();
    const inputs = new Map<string, string>();
    root.urls.forEach((url, position) => {
      const saved = buckets[searchShardOf(url, buckets.length)]!.get(url);
      if (saved === undefined || saved[2].length !== root.documentCounts[position]) throw new SpoiledSearchCounts(url);
      memo.set(url, { inputs: saved[1], counted: { url, terms: table, documents: saved[2] } });
      inputs.set(url, saved[1]);
    });
    remember(memo, root, table, inputs);
    return withSite(memo, root, table);
  } catch {
    return new Map();
  }
}

/** The same memo with each bucket read on first use of one of its pages' inputs or documents: a cold page build reads
 *  the buckets of the edited pages. Using a page whose bucket is spoiled throws SpoiledSearchCounts. */
export async function loadSearchCountsLazily(outDir: string, fingerprint: string): Promise<SearchMemo> {
  const root = await readRoot(outDir, fingerprint);
  if (root === undefined) return new Map();
  const table = createTermTable(root.terms);
  const buckets = new Map<number, Map<string, SavedPage>>();
  const savedPage = (url: string, bucket: number, count: number): SavedPage => {
    let pages = buckets.get(bucket);
    if (pages === undefined) buckets.set(bucket, (pages = readBucket(outDir, root, bucket)));
    const saved = pages.get(url);
    if (saved === undefined || saved[2].length !== count) throw new SpoiledSearchCounts(`search counts: ${url}`);
    return saved;
  };
  const memo: SearchMemo = new Map();
  root.urls.forEach((url, position) => {
    const bucket = searchShardOf(url, root.files.length);
    const count = root.documentCounts[position]!;
    const counted = lazyCountedPage(url, table, count, () => savedPage(url, bucket, count)[2]);
    memo.set(url, {
      counted,
      get inputs() {
        return savedPage(url, bucket, count)[1];
      },
    });
  });
  remember(memo, root, table, new Map());
  return withSite(memo, root, table);
}

/** Whether `entry` is the one loaded for `url` (or has its counted page and inputs). */
function unchanged(url: string, entry: Entry, loaded: Loaded): boolean {
  if (loaded.entries.has(entry)) return true;
  const inputs = loaded.inputs.get(url);
  return (
    entry.counted.url === url && loaded.pages.has(entry.counted) && inputs !== undefined && entry.inputs === inputs
  );
}

/** Saves the memo's pages, a file per bucket of `pagesPerBucket` (a test hook), rewriting only the buckets whose
 *  entries changed since it was loaded. */
export async function saveSearchCounts(
  outDir: string,
  fingerprint: string,
  memo: SearchMemo,
  pagesPerBucket: number = PAGES_PER_SHARD,
): Promise<void> {
  // The per-page entries only: the whole index (`memo.site`) is rebuilt from them by the next build.
  const pages = [...memo].filter(([, entry]) => entry.counted.terms === memo.terms);
  const bucketCount = shardCountFor(pages.length, pagesPerBucket);
  const groups = Array.from({ length: bucketCount }, (): Array<[string, Entry]> => []);
  for (const page of pages) groups[searchShardOf(page[0], bucketCount)]!.push(page);
  const last = loadedFrom.get(memo);
  const reusable = last?.fingerprint === fingerprint && last.table === memo.terms && last.files.length === bucketCount;
  const dir = join(outDir, COUNTS_DIR);
  await mkdir(dir, { recursive: true });
  const files = await Promise.all(
    groups.map(async (group, bucket) => {
      if (reusable && group.length === last.bucketSizes[bucket] && group.every(([url, e]) => unchanged(url, e, last)))
        return last.files[bucket]!;
      const name = newFileName(bucket);
      const saved: SavedBucket = { format: COUNTS_FORMAT, fingerprint, bucket, pages: [] };
      for (const [url, { inputs, counted }] of group) saved.pages.push([url, inputs, counted.documents]);
      await writeFile(join(dir, name), serialize(saved));
      return name;
    }),
  );
  const root: SavedRoot = {
    format: COUNTS_FORMAT,
    fingerprint,
    terms: memo.terms?.terms ?? [],
    urls: pages.map(([url]) => url),
    documentCounts: Uint8Array.from(pages, ([, { counted }]) => documentCountOf(counted)),
    files,
  };
  root.site = siteCountsOf(memo, pages);
  const temporary = join(dir, `${ROOT_FILE}.${process.pid}.tmp`);
  await writeFile(temporary, serialize(root));
  await rename(temporary, join(dir, ROOT_FILE));
  await removeAllBut(outDir, new Set([...files, ROOT_FILE]));
  if (memo.terms !== undefined) remember(memo, root, memo.terms, new Map());
}

/** The site's term counts: the kept index's, else (a one-off site build keeps none) counted from the pages, so the
 *  next cold page build patches them rather than reading every bucket to count them. */
function siteCountsOf(memo: SearchMemo, pages: ReadonlyArray<[string, Entry]>): SavedRoot['site'] {
  const { site } = memo;
  if (site !== undefined && site.terms === memo.terms && site.pages.length === pages.length) {
    const { documents, byTerm } = site.frequencies;
    return { pages: site.pages.length, documents, byTerm, commonTerms: Uint32Array.from(site.commonTerms) };
  }
  const frequencies = emptyFrequencies();
  for (const [, { counted }] of pages) countPage(frequencies, counted, 1);
  const commonTerms = Uint32Array.from(commonTermsAfter(frequencies, undefined, new Set()));
  return { pages: pages.length, documents: frequencies.documents, byTerm: frequencies.byTerm, commonTerms };
}

/** Bucket files the root no longer names (and the one file of the older format). */
async function removeAllBut(outDir: string, named: ReadonlySet<string>): Promise<void> {
  const dir = join(outDir, COUNTS_DIR);
  const stale = (await readdir(dir)).filter((name) => !named.has(name) && !name.endsWith('.tmp'));
  await Promise.all([
    ...stale.map((name) => rm(join(dir, name), { force: true })),
    rm(join(outDir, OLD_FILE), { force: true }),
  ]);
}
