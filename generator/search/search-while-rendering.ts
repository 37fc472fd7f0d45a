// Each page's search counts made while the pages render, from the bodies in hand, into the search step's memo: the
// step after rendering keeps a page's counts when they were made from the inputs it would use (site-search.ts
// pageInputs), and counts only the others, instead of counting every page on one core with the workers idle.
import { languageTools } from '../../contract/search/search-terms.ts';
import type { BuildPlan } from '../build.ts';
import { countedPage } from './page-search.ts';
import { languageOf, pageInputs, searchPageOf, type SearchMemo } from './site-search.ts';
import { createTermTable } from './term-table.ts';

/** A page's body texts and hashes as rendered (render/content-bodies.ts RenderedContent). */
export interface RenderedBodies {
  live: string | undefined;
  draft: string | undefined;
  hashes: { live?: string; draft?: string };
}

/** Counts a rendered page (by `pathWithoutType`) into `memo`, with the table the step will count into. */
export async function searchWhileRendering(
  plan: BuildPlan,
  memo: SearchMemo,
): Promise<(page: string, bodies: RenderedBodies) => void> {
  const language = languageOf(plan);
  const tools = await languageTools(language);
  const terms = memo.terms ?? createTermTable();
  memo.terms = terms;
  const byPath = new Map(plan.pages.map((page) => [page.pathWithoutType, page]));
  return (path, bodies) => {
    const page = byPath.get(path);
    if (page === undefined) return;
    const inputs = searchPageOf(plan, page);
    const key = pageInputs(inputs, language, [bodies.hashes.live, bodies.hashes.draft]);
    const remembered = memo.get(page.url);
    if (remembered?.inputs === key && remembered.counted.terms === terms) return;
    const { title, restriction } = inputs;
    const counted = countedPage(inputs, { live: bodies.live, draft: bodies.draft, title, restriction }, tools, terms);
    memo.set(page.url, { inputs: key, counted });
  };
}
