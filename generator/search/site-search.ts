// The build's search step: the plan's pages in, each page's content bodies read one page at a time, the index entries
// out: the sharded root and shards the build writes, or the single MiniSearch-form index the shards are tested against.
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import { languageTools } from '../../contract/search/search-terms.ts';
import type { LanguageTools } from '../../contract/search/search-terms.ts';
import type { BuildPlan } from '../build.ts';
import { restrictionOf, storedMeta } from '../plan/site-model.ts';
import type { BuiltResponse } from '../types.ts';
import { createSearchIndexBuilder, searchIndexBody } from './build-search-index.ts';
import { countedPage } from './page-search.ts';
import type { CountedPage } from './page-search.ts';
import { shardedIndexResponses } from './shard-writer.ts';

/** The identity JSON body of a content key (`keyOf(KEYS.contentLive/contentDraft, url)`), undefined when there is none. */
export type ReadContentBody = (key: string) => Promise<string | undefined>;

/** Bodies read ahead while earlier pages are indexed: enough to hide a file read, few enough to hold little text. */
const READ_AHEAD = 16;

/** The meta body's title comes from the stored meta (generator/build.ts pageResponses): read here without the meta
 *  body. */
function storedTitle(meta: Record<string, unknown>): string {
  return typeof meta.title === 'string' ? meta.title.trim() : '';
}

function languageOf(plan: BuildPlan): string {
  return typeof plan.model.settings.language === 'string' ? plan.model.settings.language : '';
}

/** Every page's counts in site order; only the counts outlive a page's bodies. */
async function countedPages(plan: BuildPlan, readContentBody: ReadContentBody, tools: LanguageTools) {
  const counted: CountedPage[] = [];
  const read = (url: string) =>
    Promise.all([readContentBody(keyOf(KEYS.contentLive, url)), readContentBody(keyOf(KEYS.contentDraft, url))]);
  for (let first = 0; first < plan.pages.length; first += READ_AHEAD) {
    const pages = plan.pages.slice(first, first + READ_AHEAD);
    const bodies = await Promise.all(pages.map((page) => read(page.url)));
    pages.forEach((page, position) => {
      const [live, draft] = bodies[position]!;
      const meta = storedMeta(plan.sources, page.pathWithoutType);
      const searchPage = {
        url: page.url,
        slug: page.item?.slug ?? '',
        name: page.item === undefined ? 'home' : String(page.item.name),
      };
      const pageBodies = { live, draft, title: storedTitle(meta), restriction: restrictionOf(meta) };
      counted.push(countedPage(searchPage, pageBodies, tools));
    });
  }
  return counted;
}

export interface SiteSearchOptions {
  /** Test hook: the page count a shard aims at (PAGES_PER_SHARD). */
  pagesPerShard?: number;
}

/** The snapshot's search entries: the root under SEARCH_INDEX_KEY and one body per shard. */
export async function siteSearchResponses(
  plan: BuildPlan,
  readContentBody: ReadContentBody,
  options: SiteSearchOptions = {},
): Promise<BuiltResponse[]> {
  const language = languageOf(plan);
  const pages = await countedPages(plan, readContentBody, await languageTools(language));
  return shardedIndexResponses(pages, language, options.pagesPerShard);
}

/** The whole index as one MiniSearch-form body (format 1), the form the shards must answer exactly as. */
export async function siteSearchResponse(plan: BuildPlan, readContentBody: ReadContentBody): Promise<BuiltResponse> {
  const language = languageOf(plan);
  const tools = await languageTools(language);
  const builder = createSearchIndexBuilder(tools, language);
  for (const page of await countedPages(plan, readContentBody, tools))
    for (const { document, fields } of page.documents) builder.addCounts(document, fields);
  return searchIndexBody(builder.finish());
}
