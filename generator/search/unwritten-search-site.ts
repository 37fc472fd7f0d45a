// The last search step's index as a cold page-local build patches it (search-update.ts), made from every page's saved
// counts without writing a body: the snapshot holds them, and only those the update changes are published again, as
// a resident builder does (docs/decisions.md: A cold page build reads what the edit touches).
import { shardCountFor } from '../../contract/search/search-shards.ts';
import { languageTools } from '../../contract/search/search-terms.ts';
import type { SearchSite } from './kept-search-index.ts';
import type { CountedPage } from './page-search.ts';
import type { SearchMemo } from './search-step.ts';
import { placePages } from './shard-writer.ts';
import { commonTermsAfter, countPage, emptyFrequencies } from './term-frequencies.ts';

/** What an unwritten body reads as: never a shard's or the root's JSON, so any body the update writes differs. */
export const UNWRITTEN = '';

/** The index of the pages `urls` (site order) from their saved counts, its bodies unwritten; undefined when a page has
 *  no saved counts in the memo's term table. The counts are those of the snapshot the saved plan names: they are saved
 *  before the plan that names it (search-count-cache.ts). */
export async function unwrittenSearchSite(
  urls: readonly string[],
  language: string,
  memo: SearchMemo,
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
  const frequencies = emptyFrequencies();
  for (const page of pages) countPage(frequencies, page, 1);
  const commonTerms = commonTermsAfter(frequencies, undefined, new Set());
  const shardCount = shardCountFor(pages.length);
  const shards = placePages(pages, shardCount).map((placed) => ({ placed, body: UNWRITTEN }));
  const tools = await languageTools(language);
  return { language, tools, shardCount, terms, pages, positions, frequencies, commonTerms, root: UNWRITTEN, shards };
}
