// The search step of a page-local rebuild: some existing pages' bodies, title or restriction changed, the site's pages
// and their order did not. Recounts those pages and patches the last step's index (kept-search-index.ts).
import type { BuiltResponse } from '../types.ts';
import { countedPage } from './page-search.ts';
import { byUrl, changedResponses, writeSearchSite } from './kept-search-index.ts';
import { pageInputs } from './search-step.ts';
import type { SearchMemo, SearchPageInputs } from './search-step.ts';

/** An existing page of the last build (same URL, same place in site order) with its inputs now. */
export interface EditedPage extends SearchPageInputs {
  /** The identity JSON bodies of its content:live and content:draft keys. */
  live: string | undefined;
  draft: string | undefined;
  /** The hashes of those bodies as the next full build's ContentBodies.hashOf gives them: with them, that build keeps
   *  this page's counts; without, it counts the page again. */
  hashes?: { live: string | undefined; draft: string | undefined };
}

/** The search entries whose bodies differ from the last step's, each with the bytes a full build of the edited site
 *  writes; the memo then describes the edited site. Undefined when the memo cannot apply the edit (no index kept, another
 *  language, a URL it does not know): then the caller runs the full search step. */
export async function updateSearchPages(
  memo: SearchMemo,
  pages: readonly EditedPage[],
  language: string,
): Promise<BuiltResponse[] | undefined> {
  const last = memo.site;
  if (last === undefined || last.language !== language || last.terms !== memo.terms || !byUrl(last)) return undefined;
  const edited = [...last.pages];
  for (const page of pages) {
    const position = last.positions.get(page.url);
    if (position === undefined) return undefined;
    const { live, draft, title, restriction } = page;
    edited[position] = countedPage(page, { live, draft, title, restriction }, last.tools, last.terms);
  }
  // Nothing above changed the memo; from here on it is rebuilt, taken out until done (writeSearchSite uses up `last`).
  memo.site = undefined;
  for (const page of pages) {
    const counted = edited[last.positions.get(page.url)!]!;
    const hashes = page.hashes === undefined ? undefined : ([page.hashes.live, page.hashes.draft] as const);
    memo.set(page.url, { inputs: hashes === undefined ? '' : pageInputs(page, language, hashes), counted });
  }
  const { shardCount, tools, terms } = last;
  const site = writeSearchSite(last, edited, { language, shardCount, tools, terms });
  memo.site = site;
  return changedResponses(last, site);
}
