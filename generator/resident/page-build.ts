// A resident builder's build of an edit that touches only pages' own texts: those pages are rendered again and their
// answers (content, meta, pagemedia, search) replace theirs in the last snapshot, which is published again patched
// (docs/decisions.md: A page-local edit patches the last snapshot).
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import { contentHash } from '../../contract/etag.ts';
import type { BuildPlan, PageEntry } from '../build.ts';
import { metaTabs, pageMetaBody, pageTextsOf } from '../build.ts';
import type { LoadedSite } from '../load/load-site.ts';
import { pageMediaResponse } from '../media/media-bodies.ts';
import { parseDraft } from '../plan/parse-sources.ts';
import { restrictionOf, storedMeta } from '../plan/site-model.ts';
import { renderContent } from '../render/content-bodies.ts';
import { DEFAULT_RENDER_TIMEOUT_SECONDS, renderWithin } from '../render/render-bound.ts';
import { languageOf, searchPageOf, siteSearchResponses, type SearchMemo } from '../search/site-search.ts';
import { updateSearchPages } from '../search/search-update.ts';
import type { BuildProblem, BuildResult, BuiltResponse } from '../types.ts';
import { publishPatched, type PatchedResponse } from '../write/publish-patched.ts';
import { bodyOfEntry, entryOf, type PublishedIndex } from '../write/published-index.ts';
import type { Published } from '../write/write-snapshot.ts';
import { pageLocalEdits, pageMarkdown } from './page-edits.ts';

const CONTENT = 'content';

/** What the last build published and planned: the ground a page-local build stands on. */
export interface PublishedBase {
  plan: BuildPlan;
  /** The plan's pages by `pathWithoutType`. */
  pages: ReadonlyMap<string, PageEntry>;
  index: PublishedIndex;
  stats: BuildResult['stats'];
  warnings: BuildProblem[];
}

export function publishedBase(
  plan: BuildPlan,
  index: PublishedIndex,
  stats: BuildResult['stats'],
  warnings: BuildProblem[],
): PublishedBase {
  return { plan, pages: new Map(plan.pages.map((page) => [page.pathWithoutType, page])), index, stats, warnings };
}

export interface PageBuildOptions {
  out: string;
  renderTimeoutSeconds?: number;
  /** Throws to publish nothing (`watch`'s check that no input changed since it was read). */
  beforeSwitch?: () => void;
}

export interface PageBuild {
  published: Published;
  pages: number;
}

const PAGE_CONTENT = { pageContent: true, compress: true } as const;
const OTHER_BODY = { pageContent: false, compress: true } as const;

/** The page's answers after the edit, each with its body. */
function pageResponses(base: PublishedBase, loaded: LoadedSite, page: PageEntry, seconds: number) {
  const { plan } = base;
  const restriction = restrictionOf(storedMeta(plan.sources, page.pathWithoutType));
  const withRestriction = restriction ? { restriction } : {};
  const job = {
    page: page.pathWithoutType,
    markdown: pageMarkdown(loaded.source.files, page.pathWithoutType),
    draftBlocks: plan.sources.drafts.get(`${CONTENT}${page.pathWithoutType}.txt`),
  };
  const content = renderWithin(job, seconds, () => renderContent(job, plan.contentSettings, plan.source.knownPaths));
  const responses: PatchedResponse[] = [];
  for (const state of ['live', 'draft'] as const) {
    const body = content[state];
    const hash = content.hashes[state];
    const key = keyOf(state === 'live' ? KEYS.contentLive : KEYS.contentDraft, page.url);
    if (body !== undefined && hash !== undefined)
      responses.push({ key, body, hash, use: PAGE_CONTENT, ...withRestriction });
  }
  const tabs = metaTabs(plan.model, plan.sources);
  const meta = pageMetaBody({ ...plan, source: loaded.source }, page, tabs);
  responses.push({
    key: keyOf(KEYS.meta, page.url),
    body: meta,
    hash: contentHash(meta),
    use: OTHER_BODY,
    ...withRestriction,
  });
  const media = pageMediaResponse(pageTextsOf(loaded.source.files, plan.sources.drafts, page.pathWithoutType));
  responses.push({ ...media, hash: contentHash(media.body), use: OTHER_BODY });
  return { responses, content };
}

/** Builds and publishes the edit of `changed` (site paths) on `base`; undefined where it is not page-local or the last
 *  snapshot is no longer current: the caller builds the whole site. Updates `base.plan`'s drafts and `searches`. */
export async function buildEditedPages(
  base: PublishedBase,
  before: LoadedSite,
  loaded: LoadedSite,
  changed: ReadonlySet<string>,
  searches: SearchMemo,
  options: PageBuildOptions,
): Promise<PageBuild | undefined> {
  const edited = pageLocalEdits(changed, before.source.files, loaded.source.files, base.pages);
  if (edited === undefined) return undefined;
  const { plan } = base;
  for (const file of changed) {
    const text = loaded.source.files.get(file)?.text;
    if (file.endsWith('.txt') && text !== undefined && text.trim() !== '')
      plan.sources.drafts.set(file, parseDraft(text, file));
  }
  const seconds = options.renderTimeoutSeconds ?? DEFAULT_RENDER_TIMEOUT_SECONDS;
  const responses: PatchedResponse[] = [];
  const bodies = new Map<string, string>();
  for (const page of edited) {
    const made = pageResponses(base, loaded, page, seconds);
    // A page that gains or loses a content body changes the snapshot's keys: only a site build does that.
    for (const state of ['live', 'draft'] as const) {
      const key = keyOf(state === 'live' ? KEYS.contentLive : KEYS.contentDraft, page.url);
      const body = made.content[state];
      if ((body !== undefined) !== (entryOf(base.index, key) !== undefined)) return undefined;
      if (body !== undefined) bodies.set(key, body);
    }
    responses.push(...made.responses);
  }
  const search = await searchResponses(base, edited, bodies, searches);
  for (const response of search)
    responses.push({
      key: response.key,
      body: response.body,
      hash: contentHash(response.body),
      use: { pageContent: false, compress: response.compress !== false },
    });
  const published = await publishPatched(options.out, base.index, responses, {
    builtAt: new Date(),
    ...(options.beforeSwitch ? { beforeSwitch: options.beforeSwitch } : {}),
  });
  return published && { published, pages: edited.length };
}

/** The search entries the edit changes: patched into the kept index, or (when the memo has none) the full step. */
async function searchResponses(
  base: PublishedBase,
  edited: readonly PageEntry[],
  bodies: ReadonlyMap<string, string>,
  searches: SearchMemo,
): Promise<BuiltResponse[]> {
  const { plan } = base;
  const keysOf = (url: string) => [keyOf(KEYS.contentLive, url), keyOf(KEYS.contentDraft, url)] as const;
  const hashOf = (key: string) => {
    const body = bodies.get(key);
    return body === undefined ? entryHash(base.index, key) : contentHash(body);
  };
  const pages = edited.map((page) => {
    const [live, draft] = keysOf(page.url);
    return {
      ...searchPageOf(plan, page),
      live: bodies.get(live),
      draft: bodies.get(draft),
      hashes: { live: hashOf(live), draft: hashOf(draft) },
    };
  });
  const patched = await updateSearchPages(searches, pages, languageOf(plan));
  if (patched !== undefined) return patched;
  return siteSearchResponses(plan, { read: (key) => Promise.resolve(bodies.get(key)), hashOf }, { memo: searches });
}

function entryHash(index: PublishedIndex, key: string): string | undefined {
  const entry = entryOf(index, key);
  return entry === undefined ? undefined : bodyOfEntry(entry).hash;
}
