// The sharded index of the last search step, kept between builds: each page's counts in site order, the term counts
// the common terms follow from, and every body written. The next step, full or page-local, diffs its pages against it
// and writes only the bodies whose pages, `after` links or common terms changed; the others keep their string.
import { SEARCH_INDEX_KEY } from '../../contract/search/search-format.ts';
import { shardKey } from '../../contract/search/search-shards.ts';
import type { LanguageTools } from '../../contract/search/search-terms.ts';
import type { BuiltResponse } from '../types.ts';
import type { CountedPage } from './page-search.ts';
import { placePages, searchRoot, searchShard, siteTermTable } from './shard-writer.ts';
import type { PlacedPage } from './shard-writer.ts';
import { commonTermsAfter, countPage, emptyFrequencies } from './term-frequencies.ts';
import type { TermFrequencies } from './term-frequencies.ts';
import type { TermTable } from './term-table.ts';

export interface SearchSite {
  language: string;
  /** The tools the counts were made with: their remembered words serve the next update too. */
  tools: LanguageTools;
  shardCount: number;
  /** The table every page's term ids refer to. */
  terms: TermTable;
  /** Every page of the site in site order, searchable or not. */
  pages: CountedPage[];
  /** URL → position in `pages`. */
  positions: Map<string, number>;
  frequencies: TermFrequencies;
  /** Term ids. */
  commonTerms: ReadonlySet<number>;
  root: string;
  shards: Array<{ placed: PlacedPage[]; body: string }>;
}

/** The index of `pages`, from `previous` where it applies (same language); `previous` is used up (its term counts
 *  become the new ones). */
export function writeSearchSite(
  previous: SearchSite | undefined,
  pages: CountedPage[],
  options: { language: string; shardCount: number; tools: LanguageTools; terms?: TermTable },
): SearchSite {
  const { language, shardCount, tools } = options;
  const terms = siteTermTable(pages, options.terms);
  const positions = new Map(pages.map((page, position) => [page.url, position]));
  const base =
    previous?.language === language && previous.terms === terms && byUrl(previous) && positions.size === pages.length
      ? previous
      : undefined;
  const touched = new Set<number>();
  const frequencies = base?.frequencies ?? emptyFrequencies();
  const documentsBefore = frequencies.documents;
  for (const page of pages) {
    const position = base?.positions.get(page.url);
    const old = position === undefined ? undefined : base?.pages[position];
    if (old === page) continue;
    if (old !== undefined) countPage(frequencies, old, -1, touched);
    // From scratch every term is looked at anyway (commonTermsAfter): no need to note them.
    countPage(frequencies, page, 1, base && touched);
  }
  for (const old of base?.pages ?? []) if (!positions.has(old.url)) countPage(frequencies, old, -1, touched);
  const commonTerms = commonTermsAfter(
    frequencies,
    base && { commonTerms: base.commonTerms, documents: documentsBefore },
    touched,
  );
  const same = base?.shardCount === shardCount && base.commonTerms === commonTerms ? base : undefined;
  const shards = placePages(pages, shardCount).map((placed, shard) => {
    const kept = same?.shards[shard];
    if (kept !== undefined && samePlacement(kept.placed, placed)) return kept;
    return { placed, body: JSON.stringify(searchShard(shard, placed, commonTerms, terms)) };
  });
  const root = same?.root ?? JSON.stringify(searchRoot(language, shardCount, commonTerms, terms));
  return { language, tools, shardCount, terms, pages, positions, frequencies, commonTerms, root, shards };
}

/** Pages are matched by URL: a site listing one URL twice is counted from scratch rather than matched wrongly. */
export function byUrl(site: SearchSite): boolean {
  return site.positions.size === site.pages.length;
}

function samePlacement(left: readonly PlacedPage[], right: readonly PlacedPage[]): boolean {
  if (left.length !== right.length) return false;
  return left.every((placed, index) => placed.page === right[index]!.page && placed.after === right[index]!.after);
}

// Never served, only loaded: gzip and brotli copies would cost build time and disk for nothing.
const indexEntry = (key: string, body: string): BuiltResponse => ({ key, body, compress: false });

/** The root and every shard (empty ones too: the gateway reads shards 0 … count − 1) as snapshot entries. */
export function searchSiteResponses(site: SearchSite): BuiltResponse[] {
  return [
    indexEntry(SEARCH_INDEX_KEY, site.root),
    ...site.shards.map(({ body }, shard) => indexEntry(shardKey(shard), body)),
  ];
}

/** The entries of `after` whose bodies differ from `before`'s (same shard count). */
export function changedResponses(before: SearchSite, after: SearchSite): BuiltResponse[] {
  const changed = after.root === before.root ? [] : [indexEntry(SEARCH_INDEX_KEY, after.root)];
  after.shards.forEach(({ body }, shard) => {
    if (body !== before.shards[shard]?.body) changed.push(indexEntry(shardKey(shard), body));
  });
  return changed;
}
