// The build's search step: the plan's pages in, each page's content bodies read one page at a time, the index entries
// out: the sharded root and shards the build writes, or the single MiniSearch-form index the shards are tested against.
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import { shardCountFor } from '../../contract/search/search-shards.ts';
import { languageTools } from '../../contract/search/search-terms.ts';
import type { LanguageTools } from '../../contract/search/search-terms.ts';
import type { Restriction } from '../../contract/snapshot.ts';
import type { BuildPlan } from '../build.ts';
import { restrictionOf, storedMeta } from '../plan/site-model.ts';
import type { BuiltResponse } from '../types.ts';
import { createSearchIndexBuilder, searchIndexBody } from './build-search-index.ts';
import { countedPage } from './page-search.ts';
import type { CountedPage } from './page-search.ts';
import type { SearchPage } from './search-documents.ts';
import { searchSiteResponses, writeSearchSite } from './kept-search-index.ts';
import type { SearchSite } from './kept-search-index.ts';
import { renumberedPages } from './term-renumbering.ts';
import { createTermTable } from './term-table.ts';
import type { TermTable } from './term-table.ts';
import type { TermFrequencies } from './term-frequencies.ts';

/** The identity JSON body of a content key (`keyOf(KEYS.contentLive/contentDraft, url)`), undefined when there is none.
 *  */
export type ReadContentBody = (key: string) => Promise<string | undefined>;

/** Bodies read ahead while earlier pages are indexed: enough to hide a file read, few enough to hold little text. */
const READ_AHEAD = 16;

export function languageOf(plan: BuildPlan): string {
  return typeof plan.model.settings.language === 'string' ? plan.model.settings.language : '';
}

/** What a page's search documents are made from besides its bodies. */
export interface SearchPageInputs extends SearchPage {
  /** The stored meta title, trimmed ('' when none): what the meta body's title is (generator/build.ts pageResponses). */
  title: string;
  restriction: Restriction | undefined;
}

export function searchPageOf(plan: BuildPlan, page: BuildPlan['pages'][number]): SearchPageInputs {
  const meta = storedMeta(plan.sources, page.pathWithoutType);
  return {
    url: page.url,
    slug: page.item?.slug ?? '',
    name: page.item === undefined ? 'home' : String(page.item.name),
    title: typeof meta.title === 'string' ? meta.title.trim() : '',
    restriction: restrictionOf(meta),
  };
}

/** What a page's counts were made from: the same string, the same counts. `hashes` are its live and draft bodies'. */
export function pageInputs(
  page: SearchPageInputs,
  language: string,
  hashes: readonly [string | undefined, string | undefined],
): string {
  const { url, slug, name, title, restriction } = page;
  return JSON.stringify([{ url, slug, name }, title, restriction ?? null, language, ...hashes]);
}

/** A resident builder's counts per page URL, with what they were made from (pageInputs): a page whose inputs are the
 *  same keeps its counts without its bodies being read again. `site` is the last step's whole index
 *  (kept-search-index.ts), which updateSearchPages patches; only the per-page entries and their term table are saved
 *  to disk (search-count-cache.ts). */
export interface SearchMemo extends Map<string, { inputs: string; counted: CountedPage }> {
  site?: SearchSite;
  /** False for a one-off build: the next build rebuilds the index from the counts, so its bodies are not kept. */
  keepSite?: boolean;
  /** The table the kept counts' term ids refer to; the next step counts into it. */
  terms?: TermTable;
  /** The term counts of the last step's site as saved to disk (`site` is not): a cold page build patches them. */
  savedSite?: SavedSiteCounts;
}

/** A site's term counts: its pages, their documents, each term's documents, and the common terms. */
export interface SavedSiteCounts {
  pages: number;
  frequencies: TermFrequencies;
  commonTerms: ReadonlySet<number>;
}

/** Content bodies by key, and the hash of each (to know a page is unchanged without reading it). */
export interface ContentBodies {
  read: ReadContentBody;
  hashOf: (key: string) => string | undefined;
}

const contentKeys = (url: string) => [keyOf(KEYS.contentLive, url), keyOf(KEYS.contentDraft, url)] as const;

/** Every page's counts in site order; only the counts outlive a page's bodies. */
async function countedPages(
  plan: BuildPlan,
  bodies: ContentBodies,
  tools: LanguageTools,
  table: TermTable,
  memo?: SearchMemo,
) {
  const language = languageOf(plan);
  const jobs = plan.pages.map((page) => {
    const inputs = searchPageOf(plan, page);
    const [liveKey, draftKey] = contentKeys(page.url);
    const key = pageInputs(inputs, language, [bodies.hashOf(liveKey), bodies.hashOf(draftKey)]);
    const remembered = memo?.get(page.url);
    const same = remembered?.inputs === key && remembered.counted.terms === table;
    return { inputs, key, kept: same ? remembered.counted : undefined };
  });
  const counted: CountedPage[] = [];
  for (let first = 0; first < jobs.length; first += READ_AHEAD) {
    const batch = jobs.slice(first, first + READ_AHEAD);
    const read = await Promise.all(
      batch.map((job) =>
        job.kept !== undefined ? undefined : Promise.all(contentKeys(job.inputs.url).map((key) => bodies.read(key))),
      ),
    );
    batch.forEach((job, position) => {
      const pair = read[position];
      const { title, restriction } = job.inputs;
      const page =
        job.kept ?? countedPage(job.inputs, { live: pair?.[0], draft: pair?.[1], title, restriction }, tools, table);
      memo?.set(job.inputs.url, { inputs: job.key, counted: page });
      counted.push(page);
    });
  }
  if (memo !== undefined) {
    const urls = new Set(jobs.map((job) => job.inputs.url));
    for (const url of memo.keys()) if (!urls.has(url)) memo.delete(url);
  }
  return counted;
}

export interface SiteSearchOptions {
  /** Test hook: the page count a shard aims at (PAGES_PER_SHARD). */
  pagesPerShard?: number;
  /** A resident builder's counts and index from its last build (generator/resident/). */
  memo?: SearchMemo;
}

const withoutHashes = (read: ReadContentBody): ContentBodies => ({ read, hashOf: () => undefined });

/** The snapshot's search entries: the root under SEARCH_INDEX_KEY and one body per shard. With a memo, a body whose
 *  pages and common terms did not change is the last build's string. */
export async function siteSearchResponses(
  plan: BuildPlan,
  bodies: ReadContentBody | ContentBodies,
  options: SiteSearchOptions = {},
): Promise<BuiltResponse[]> {
  const language = languageOf(plan);
  const contents = typeof bodies === 'function' ? withoutHashes(bodies) : bodies;
  const { memo } = options;
  // Taken out while it is rebuilt: writeSearchSite uses up the old one, and a failure must not leave it half-done.
  const last = memo?.site;
  if (memo !== undefined) memo.site = undefined;
  const tools = last?.language === language ? last.tools : await languageTools(language);
  let terms = memo?.terms ?? createTermTable();
  if (memo !== undefined) memo.terms = terms;
  let pages = await countedPages(plan, contents, tools, terms, memo);
  const renumbered = memo === undefined ? undefined : renumberedPages(pages, terms);
  if (memo !== undefined && renumbered !== undefined) {
    ({ pages, terms } = renumbered);
    memo.terms = terms;
    for (const page of pages) memo.set(page.url, { inputs: memo.get(page.url)?.inputs ?? '', counted: page });
  }
  const shardCount = shardCountFor(pages.length, options.pagesPerShard);
  // After a renumbering, `last` (of the old table) is written anew.
  const site = writeSearchSite(last, pages, { language, shardCount, tools, terms });
  if (memo !== undefined && memo.keepSite !== false) memo.site = site;
  return searchSiteResponses(site);
}

/** The whole index as one MiniSearch-form body (format 1), the form the shards must answer exactly as. */
export async function siteSearchResponse(plan: BuildPlan, readContentBody: ReadContentBody): Promise<BuiltResponse> {
  const language = languageOf(plan);
  const tools = await languageTools(language);
  const terms = createTermTable();
  const builder = createSearchIndexBuilder(tools, language, terms);
  for (const page of await countedPages(plan, withoutHashes(readContentBody), tools, terms))
    for (const { document, counts } of page.documents) builder.addCounts(document, counts);
  return searchIndexBody(builder.finish());
}
