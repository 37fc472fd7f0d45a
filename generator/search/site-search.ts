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

/** The identity JSON body of a content key (`keyOf(KEYS.contentLive/contentDraft, url)`), undefined when there is none.
 *  */
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

/** A resident builder's counts per page URL, with what they were made from: a page whose bodies (by hash), title,
 *  slug, name, restriction and language are the same keeps its counts without its bodies being read again. */
export type SearchMemo = Map<string, { inputs: string; counted: CountedPage }>;

/** Content bodies by key, and the hash of each (to know a page is unchanged without reading it). */
export interface ContentBodies {
  read: ReadContentBody;
  hashOf: (key: string) => string | undefined;
}

/** Every page's counts in site order; only the counts outlive a page's bodies. */
async function countedPages(plan: BuildPlan, bodies: ContentBodies, tools: LanguageTools, memo?: SearchMemo) {
  const language = languageOf(plan);
  const keysOf = (url: string) => [keyOf(KEYS.contentLive, url), keyOf(KEYS.contentDraft, url)] as const;
  const jobs = plan.pages.map((page) => {
    const meta = storedMeta(plan.sources, page.pathWithoutType);
    const searchPage = {
      url: page.url,
      slug: page.item?.slug ?? '',
      name: page.item === undefined ? 'home' : String(page.item.name),
    };
    const [liveKey, draftKey] = keysOf(page.url);
    const title = storedTitle(meta);
    const restriction = restrictionOf(meta);
    const inputs = JSON.stringify([
      searchPage,
      title,
      restriction ?? null,
      language,
      ...[liveKey, draftKey].map(bodies.hashOf),
    ]);
    const remembered = memo?.get(page.url);
    return {
      searchPage,
      title,
      restriction,
      inputs,
      kept: remembered?.inputs === inputs ? remembered.counted : undefined,
    };
  });
  const counted: CountedPage[] = [];
  for (let first = 0; first < jobs.length; first += READ_AHEAD) {
    const batch = jobs.slice(first, first + READ_AHEAD);
    const read = await Promise.all(
      batch.map((job) =>
        job.kept !== undefined ? undefined : Promise.all(keysOf(job.searchPage.url).map((key) => bodies.read(key))),
      ),
    );
    batch.forEach((job, position) => {
      const pair = read[position];
      const page =
        job.kept ??
        countedPage(
          job.searchPage,
          { live: pair?.[0], draft: pair?.[1], title: job.title, restriction: job.restriction },
          tools,
        );
      memo?.set(job.searchPage.url, { inputs: job.inputs, counted: page });
      counted.push(page);
    });
  }
  if (memo !== undefined) {
    const urls = new Set(jobs.map((job) => job.searchPage.url));
    for (const url of memo.keys()) if (!urls.has(url)) memo.delete(url);
  }
  return counted;
}

export interface SiteSearchOptions {
  /** Test hook: the page count a shard aims at (PAGES_PER_SHARD). */
  pagesPerShard?: number;
  /** A resident builder's counts from its last build (generator/resident/). */
  memo?: SearchMemo;
}

const withoutHashes = (read: ReadContentBody): ContentBodies => ({ read, hashOf: () => undefined });

/** The snapshot's search entries: the root under SEARCH_INDEX_KEY and one body per shard. */
export async function siteSearchResponses(
  plan: BuildPlan,
  bodies: ReadContentBody | ContentBodies,
  options: SiteSearchOptions = {},
): Promise<BuiltResponse[]> {
  const language = languageOf(plan);
  const contents = typeof bodies === 'function' ? withoutHashes(bodies) : bodies;
  const pages = await countedPages(plan, contents, await languageTools(language), options.memo);
  return shardedIndexResponses(pages, language, options.pagesPerShard);
}

/** The whole index as one MiniSearch-form body (format 1), the form the shards must answer exactly as. */
export async function siteSearchResponse(plan: BuildPlan, readContentBody: ReadContentBody): Promise<BuiltResponse> {
  const language = languageOf(plan);
  const tools = await languageTools(language);
  const builder = createSearchIndexBuilder(tools, language);
  for (const page of await countedPages(plan, withoutHashes(readContentBody), tools))
    for (const { document, fields } of page.documents) builder.addCounts(document, fields);
  return searchIndexBody(builder.finish());
}
