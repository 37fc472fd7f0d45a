// Writes the sharded search index from the pages' counts: a small root and one body per shard, each shard holding the
// pages whose URL hashes to it, so a one-page edit rewrites one shard.
import { SEARCH_INDEX_KEY } from '../../contract/search/search-format.ts';
import { SHARDED_FORMAT, shardCountFor, shardKey, searchShardOf } from '../../contract/search/search-shards.ts';
import type { SearchRoot, SearchShard, ShardDocument } from '../../contract/search/search-shards.ts';
import type { BuiltResponse } from '../types.ts';
import { fieldStart } from './document-counts.ts';
import { documentCountOf } from './lazy-counted-page.ts';
import type { CountedPage } from './page-search.ts';
import { commonTermsAfter, countPage, emptyFrequencies } from './term-frequencies.ts';
import { createTermTable, termOf } from './term-table.ts';
import type { TermTable } from './term-table.ts';

const TITLE = 0;

/** A page as its shard stores it: its counts and the searchable page before it in site order. */
export interface PlacedPage {
  page: CountedPage;
  after: string;
}

/** The common terms (ids) of the whole site: one set, so every shard leaves out the same terms. */
export function siteCommonTerms(pages: readonly CountedPage[]): ReadonlySet<number> {
  const frequencies = emptyFrequencies();
  for (const page of pages) countPage(frequencies, page, 1);
  return commonTermsAfter(frequencies, undefined, new Set());
}

/** The one table every page's ids refer to (a new, empty one for a site without pages). */
export function siteTermTable(pages: readonly CountedPage[], table: TermTable | undefined): TermTable {
  const shared = table ?? pages[0]?.terms ?? createTermTable();
  for (const page of pages)
    if (page.terms !== shared) throw new Error(`search: ${page.url} was counted with another term table`);
  return shared;
}

/** Pages (in site order) by shard, each with the URL of the searchable page before it. */
export function placePages(pages: readonly CountedPage[], shardCount: number): PlacedPage[][] {
  const shards = Array.from({ length: shardCount }, (): PlacedPage[] => []);
  let after = '';
  for (const page of pages) {
    if (documentCountOf(page) === 0) continue;
    shards[searchShardOf(page.url, shardCount)]!.push({ page, after });
    after = page.url;
  }
  return shards;
}

/** One shard's body from its pages: a pure function of them and the common terms. */
export function searchShard(
  shard: number,
  pages: readonly PlacedPage[],
  commonTerms: ReadonlySet<number>,
  table: TermTable,
): SearchShard {
  const documents: ShardDocument[] = [];
  const lengths: number[] = [];
  const byTerm = new Map<number, number[]>();
  const leads: string[][] = [];
  for (const { page, after } of pages) {
    for (const { document, counts, lead } of page.documents) {
      const local = documents.length;
      leads.push(lead);
      const { key: _key, ...stored } = document;
      documents.push({ ...stored, after });
      const cells = new Map<number, [number, number, number]>();
      counts.lengths.forEach((length, field) => {
        lengths.push(length);
        for (let position = fieldStart(counts, field); position < counts.ends[field]!; position++) {
          const id = counts.ids[position]!;
          if (field !== TITLE && commonTerms.has(id)) continue;
          let cell = cells.get(id);
          if (cell === undefined) cells.set(id, (cell = [0, 0, 0]));
          cell[field] = counts.counts[position]!;
        }
      });
      for (const [id, cell] of cells) {
        let postings = byTerm.get(id);
        if (postings === undefined) byTerm.set(id, (postings = []));
        postings.push(local, ...cell);
      }
    }
  }
  const sorted = [...byTerm].map(([id, postings]) => ({ term: termOf(table, id), postings })).sort(inTermOrder);
  const positions = new Map(sorted.map(({ term }, position) => [term, position]));
  return {
    format: SHARDED_FORMAT,
    shard,
    documents,
    lengths,
    terms: sorted.map(({ term }) => term),
    postings: sorted.map(({ postings }) => postings),
    leads: leads.map((lead) => lead.flatMap((word) => positions.get(word) ?? [])),
  };
}

export function searchRoot(
  language: string,
  shardCount: number,
  commonTerms: ReadonlySet<number>,
  table: TermTable,
): SearchRoot {
  return { format: SHARDED_FORMAT, language, shardCount, commonTerms: termsOf(commonTerms, table).sort() };
}

// What Array.prototype.sort does by default on the strings: UTF-16 code unit order.
const inTermOrder = (left: { term: string }, right: { term: string }) =>
  left.term < right.term ? -1 : left.term > right.term ? 1 : 0;

const termsOf = (ids: Iterable<number>, table: TermTable) => Array.from(ids, (id) => termOf(table, id));

/** The root and every shard (empty ones too: the gateway reads shards 0 … count − 1) as snapshot entries. */
export function shardedIndexResponses(
  pages: readonly CountedPage[],
  language: string,
  pagesPerShard?: number,
): BuiltResponse[] {
  const shardCount = shardCountFor(pages.length, pagesPerShard);
  const commonTerms = siteCommonTerms(pages);
  const table = siteTermTable(pages, undefined);
  // Never served, only loaded: gzip and brotli copies would cost build time and disk for nothing.
  return [
    {
      key: SEARCH_INDEX_KEY,
      body: JSON.stringify(searchRoot(language, shardCount, commonTerms, table)),
      compress: false,
    },
    ...placePages(pages, shardCount).map((placed, shard) => ({
      key: shardKey(shard),
      body: JSON.stringify(searchShard(shard, placed, commonTerms, table)),
      compress: false as const,
    })),
  ];
}
