// The search counts of the last build on disk, so a cold `build` into a dist folder counts only the pages whose inputs
// changed, as a resident builder does in memory. Only ever a shortcut: a missing, unreadable or stale file is an empty
// memo, and each page's entry is used only while its inputs (body hashes, title, …) are the same.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { CACHE_DIR } from '../render/render-cache.ts';
import type { CountedDocument } from './page-search.ts';
import type { SearchMemo } from './search-step.ts';
import { createTermTable } from './term-table.ts';

const FILE = join(CACHE_DIR, 'search-counts.v8');
/** 2: counts as term ids into one saved term table; 3: with each document's neighbouring-word pairs; 4: with the
 *  site's term counts. */
const FORMAT = 4;

interface SavedCounts {
  format: typeof FORMAT;
  fingerprint: string;
  /** The memo's term table, id → term. */
  terms: string[];
  /** URL, inputs, documents. */
  pages: Array<[string, string, CountedDocument[]]>;
  /** The last step's site: its pages, documents, each term's documents, and the common term ids. */
  site?: { pages: number; documents: number; byTerm: Uint32Array; commonTerms: Uint32Array };
}

/** The memo saved by the last build whose generator and contract code were the same (`fingerprint`). */
export async function loadSearchCounts(outDir: string, fingerprint: string): Promise<SearchMemo> {
  const memo: SearchMemo = new Map();
  try {
    const saved = deserialize(await readFile(join(outDir, FILE))) as Partial<SavedCounts> | undefined;
    if (saved?.format !== FORMAT || saved.fingerprint !== fingerprint) return memo;
    const { terms = [], pages = [] } = saved;
    const table = createTermTable(terms);
    for (const [url, inputs, documents] of pages) memo.set(url, { inputs, counted: { url, terms: table, documents } });
    memo.terms = table;
    if (saved.site !== undefined) {
      const { pages: count, documents, byTerm, commonTerms } = saved.site;
      memo.savedSite = { pages: count, frequencies: { documents, byTerm }, commonTerms: new Set(commonTerms) };
    }
    return memo;
  } catch {
    return new Map();
  }
}

export async function saveSearchCounts(outDir: string, fingerprint: string, memo: SearchMemo): Promise<void> {
  // The per-page entries only: the whole index (`memo.site`) is rebuilt from them by the next build.
  const pages: SavedCounts['pages'] = [];
  for (const [url, { inputs, counted }] of memo)
    if (counted.terms === memo.terms) pages.push([url, inputs, counted.documents]);
  const saved: SavedCounts = { format: FORMAT, fingerprint, terms: memo.terms?.terms ?? [], pages };
  const { site } = memo;
  if (site !== undefined && site.terms === memo.terms) {
    const { documents, byTerm } = site.frequencies;
    const commonTerms = Uint32Array.from(site.commonTerms);
    saved.site = { pages: site.pages.length, documents, byTerm, commonTerms };
  }
  const path = join(outDir, FILE);
  await mkdir(join(outDir, CACHE_DIR), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, serialize(saved));
  await rename(temporary, path);
}
