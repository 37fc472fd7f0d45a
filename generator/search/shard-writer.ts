// Writes the sharded search index from the pages' counts: a small root and one body per shard, each shard holding the
// pages whose URL hashes to it, so a one-page edit rewrites one shard.
import { SEARCH_INDEX_KEY, commonTermsIn } from '../../contract/search/search-format.ts';
import { SHARDED_FORMAT, shardCountFor, shardKey, shardOf } from '../../contract/search/search-shards.ts';
import type { SearchRoot, SearchShard, ShardDocument } from '../../contract/search/search-shards.ts';
import type { BuiltResponse } from '../types.ts';
import type { CountedPage } from './page-search.ts';

const TITLE = 0;

/** A page as its shard stores it: its counts and the searchable page before it in site order. */
export interface PlacedPage {
  page: CountedPage;
  after: string;
}

/** The common terms of the whole site: one set, so every shard leaves out the same terms. */
export function siteCommonTerms(pages: readonly CountedPage[]): Set<string> {
  return commonTermsIn(
    pages.flatMap((page) =>
      page.documents.map(({ fields }) => {
        const terms = new Set<string>();
        for (let field = TITLE + 1; field < fields.length; field++)
          for (const term of fields[field]!.terms.keys()) terms.add(term);
        return terms;
      }),
    ),
  );
}

/** Pages (in site order) by shard, each with the URL of the searchable page before it. */
export function placePages(pages: readonly CountedPage[], shardCount: number): PlacedPage[][] {
  const shards = Array.from({ length: shardCount }, (): PlacedPage[] => []);
  let after = '';
  for (const page of pages) {
    if (page.documents.length === 0) continue;
    shards[shardOf(page.url, shardCount)]!.push({ page, after });
    after = page.url;
  }
  return shards;
}

/** One shard's body from its pages: a pure function of them and the common terms. */
export function searchShard(
  shard: number,
  pages: readonly PlacedPage[],
  commonTerms: ReadonlySet<string>,
): SearchShard {
  const documents: ShardDocument[] = [];
  const lengths: number[] = [];
  const byTerm = new Map<string, number[]>();
  for (const { page, after } of pages) {
    for (const { document, fields } of page.documents) {
      const local = documents.length;
      const { key: _key, ...stored } = document;
      documents.push({ ...stored, after });
      const counts = new Map<string, [number, number, number]>();
      fields.forEach(({ length, terms }, field) => {
        lengths.push(length);
        for (const [term, count] of terms) {
          if (field !== TITLE && commonTerms.has(term)) continue;
          let cell = counts.get(term);
          if (cell === undefined) counts.set(term, (cell = [0, 0, 0]));
          cell[field] = count;
        }
      });
      for (const [term, cell] of counts) {
        let postings = byTerm.get(term);
        if (postings === undefined) byTerm.set(term, (postings = []));
        postings.push(local, ...cell);
      }
    }
  }
  const terms = [...byTerm.keys()].sort();
  return { format: SHARDED_FORMAT, shard, documents, lengths, terms, postings: terms.map((term) => byTerm.get(term)!) };
}

export function searchRoot(language: string, shardCount: number, commonTerms: ReadonlySet<string>): SearchRoot {
  return { format: SHARDED_FORMAT, language, shardCount, commonTerms: [...commonTerms].sort() };
}

/** The root and every shard (empty ones too: the gateway reads shards 0 … count − 1) as snapshot entries. */
export function shardedIndexResponses(
  pages: readonly CountedPage[],
  language: string,
  pagesPerShard?: number,
): BuiltResponse[] {
  const shardCount = shardCountFor(pages.length, pagesPerShard);
  const commonTerms = siteCommonTerms(pages);
  // Never served, only loaded: gzip and brotli copies would cost build time and disk for nothing.
  return [
    { key: SEARCH_INDEX_KEY, body: JSON.stringify(searchRoot(language, shardCount, commonTerms)), compress: false },
    ...placePages(pages, shardCount).map((placed, shard) => ({
      key: shardKey(shard),
      body: JSON.stringify(searchShard(shard, placed, commonTerms)),
      compress: false as const,
    })),
  ];
}
