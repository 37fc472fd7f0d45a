// The last search step's index as a cold page-local build patches it (search-update.ts), made from every page's saved
// counts without writing a body: the snapshot holds them, and only those the update changes are published again, as
// a resident builder does (docs/decisions.md: A cold page build reads what the edit touches).
import { PAGES_PER_SHARD, shardCountFor } from '../../contract/search/search-shards.ts';
import { languageTools } from '../../contract/search/search-terms.ts';
import type { SearchSite } from './kept-search-index.ts';
import { documentCountOf } from './lazy-counted-page.ts';
import type { CountedPage } from './page-search.ts';
import type { SavedSiteCounts, SearchMemo } from './search-step.ts';
import { placePages } from './shard-writer.ts';
import { commonTermsAfter, countPage, emptyFrequencies } from './term-frequencies.ts';

/** What an unwritten body reads as: never a shard's or the root's JSON, so any body the update writes differs. */
export const UNWRITTEN = '';

/** The saved term counts where they are those of `pages` (as many pages and documents), else counted again. */
function siteCounts(pages: readonly CountedPage[], saved: SavedSiteCounts | undefined) {
  let documents = 0;
  for (const page of pages) documents += documentCountOf(page);
  if (saved?.pages === pages.length && saved.frequencies.documents === documents) {
    const { documents, byTerm } = saved.frequencies;
    // A copy: the update counts the edited pages into it.
    return { frequencies: { documents, byTerm: byTerm.slice() }, commonTerms: saved.commonTerms };
  }
  const frequencies = emptyFrequencies();
  for (const page of pages) countPage(frequencies, page, 1);
  return { frequencies, commonTerms: commonTermsAfter(frequencies, undefined, new Set()) };
}

/** The index of the pages `urls` (site order) from their saved counts, its bodies unwritten; undefined when a page has
 *  no saved counts in the memo's term table. The counts are those of the snapshot the saved plan names: they are saved
 *  before the plan that names it (search-count-cache.ts). */
export async function unwrittenSearchSite(
  urls: readonly string[],
  language: string,
  memo: SearchMemo,
  pagesPerShard: number = PAGES_PER_SHARD,
): Promise<SearchSite | undefined> {
  const terms = memo.terms;
  if (terms === undefined) return undefined;
  const pages: CountedPage[] = [];
  for (const url of urls) {
    const saved = memo.get(url);
    if (saved === undefined || saved.counted.terms !== terms) return undefined;
    pages.push(saved.counted);
  }
  const positions = new Map(pages.map((page, position) => [page.url, position]));
  if (positions.size !== pages.length) return undefined;
  const { frequencies, commonTerms } = siteCounts(pages, memo.savedSite);
  const shardCount = shardCountFor(pages.length, pagesPerShard);
  const shards = placePages(pages, shardCount).map((placed) => ({ placed, body: UNWRITTEN }));
  const tools = await languageTools(language);
  return { language, tools, shardCount, terms, pages, positions, frequencies, commonTerms, root: UNWRITTEN, shards };
}
