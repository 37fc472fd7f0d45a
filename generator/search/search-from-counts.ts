// The search step of a one-off page-local build: every page's counts come from the counts saved by the last build,
// the edited pages are counted again, and the index is written from them without reading any other body.
import { shardCountFor } from '../../contract/search/search-shards.ts';
import { languageTools } from '../../contract/search/search-terms.ts';
import type { BuiltResponse } from '../types.ts';
import { countedPage, type CountedPage } from './page-search.ts';
import { searchSiteResponses, writeSearchSite } from './kept-search-index.ts';
import { createTermTable } from './term-table.ts';
import { pageInputs, type SearchMemo, type SearchPageInputs } from './search-step.ts';

/** A page of the site in site order, with its bodies' hashes, and its bodies when the edit changed them. */
export interface CountablePage extends SearchPageInputs {
  hashes: readonly [string | undefined, string | undefined];
  edited?: { live: string | undefined; draft: string | undefined };
}

/** The search entries of the site from saved counts; undefined when a page that was not edited has no saved counts
 *  for its inputs (its bodies would have to be read: a site build does that). Updates `memo`. */
export async function searchFromCounts(
  pages: readonly CountablePage[],
  language: string,
  memo: SearchMemo,
): Promise<BuiltResponse[] | undefined> {
  const tools = await languageTools(language);
  // Every page's counts must share one term table: the saved ones', which the edited pages are counted into.
  const terms = memo.terms ?? createTermTable();
  const counted: CountedPage[] = [];
  const recounted: Array<[string, { inputs: string; counted: CountedPage }]> = [];
  for (const page of pages) {
    const inputs = pageInputs(page, language, page.hashes);
    if (page.edited !== undefined) {
      const { title, restriction } = page;
      const made = countedPage(page, { ...page.edited, title, restriction }, tools, terms);
      recounted.push([page.url, { inputs, counted: made }]);
      counted.push(made);
      continue;
    }
    const saved = memo.get(page.url);
    if (saved?.inputs !== inputs || saved.counted.terms !== terms) return undefined;
    counted.push(saved.counted);
  }
  for (const [url, entry] of recounted) memo.set(url, entry);
  memo.terms = terms;
  const shardCount = shardCountFor(counted.length);
  const site = writeSearchSite(undefined, counted, { language, shardCount, tools, terms });
  memo.site = site;
  return searchSiteResponses(site);
}
