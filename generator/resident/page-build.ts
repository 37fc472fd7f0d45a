// A build of an edit that touches only pages' own texts: those pages are rendered again and their answers (content,
// meta, pagemedia, search) replace theirs in the last snapshot, which is published again patched
// (docs/decisions.md: A page-local edit patches the last snapshot).
import type { HistoryPolicy } from '../../contract/history.ts';
import { contentHash } from '../../contract/etag.ts';
import type { Restriction } from '../../contract/snapshot.ts';
import { pageTextsOf } from '../build.ts';
import { contentKey, pageAnswers, type MetaTabs } from '../page-answers.ts';
import { isRecord } from '../load/yaml.ts';
import { pageMediaResponse } from '../media/media-bodies.ts';
import type { MetaItem } from '../plan/meta-values.ts';
import { restrictionOf } from '../plan/site-model.ts';
import { renderContent, type ContentSettings } from '../render/content-bodies.ts';
import { DEFAULT_RENDER_TIMEOUT_SECONDS, renderWithin } from '../render/render-bound.ts';
import { updateSearchPages } from '../search/search-update.ts';
import type { SearchMemo } from '../search/search-step.ts';
import type { BuiltResponse, SourceFile } from '../types.ts';
import type { PatchedResponse } from '../write/patch-entries.ts';
import { publishPatched } from '../write/publish-patched.ts';
import { bodyOfEntry, entryOf, type PublishedIndex } from '../write/published-index.ts';
import type { Published } from '../write/write-snapshot.ts';
import { patchedLlmsResponses } from '../llms/llms-patch.ts';
import { pageDraft, pageLocalEdits, pageMarkdown, type EarlierPageTexts } from './page-edits.ts';

const CONTENT = 'content';

/** A page as a page-local build needs it: where it is, and what its meta and search documents take from its item. */
export interface PageSummary extends MetaItem {
  url: string;
  pathWithoutType: string;
  path: string;
  slug: string;
  /** The stored meta title, trimmed, and the page's restriction: what its search documents take from its meta. */
  title: string;
  restriction?: Restriction;
}

/** What a page-local build needs of the last build's plan; a resident builder keeps it, a one-off build reads it. */
export interface PagePlan {
  /** Every page by `pathWithoutType`, in site order. */
  pages: ReadonlyMap<string, PageSummary>;
  contentSettings: ContentSettings;
  knownPaths: ReadonlySet<string>;
  tabs: MetaTabs;
  author: unknown;
  language: string;
  /** A page's stored meta (its meta file with its front matter), as the last build parsed it. */
  storedMetaOf(pathWithoutType: string): unknown;
  earlier: EarlierPageTexts;
}

/** The site after the edit: file texts (the edited pages' at least) and content entry times. */
export interface EditedSite {
  files: ReadonlyMap<string, SourceFile>;
  mtimes: ReadonlyMap<string, number>;
}

export interface PageBuildOptions {
  out: string;
  renderTimeoutSeconds?: number;
  history?: HistoryPolicy;
  /** Throws to publish nothing (`watch`'s check that no input changed since it was read). */
  beforeSwitch?: () => void;
  /** Publish even when no page changed (a one-off build publishes a snapshot whatever changed). */
  allowNoEdit?: boolean;
  /** When the previous snapshot's search index is not kept: the full search step from every page's counts. */
  searchAll?: (edited: ReadonlyMap<string, EditedSearchPage>) => Promise<BuiltResponse[] | undefined>;
}

export interface PageBuild {
  published: Published;
  pages: number;
}

/** An edited page's search inputs with its new bodies and their hashes. */
export interface EditedSearchPage {
  url: string;
  slug: string;
  name: string;
  title: string;
  restriction: Restriction | undefined;
  live: string | undefined;
  draft: string | undefined;
  hashes: { live: string | undefined; draft: string | undefined };
}

function storedMetaValues(stored: unknown): Record<string, unknown> {
  return isRecord(stored) && isRecord(stored.meta) ? stored.meta : {};
}

/** A response as a patch publishes it: with its body's hash and how its body is used. */
function patched(response: BuiltResponse): PatchedResponse {
  return {
    key: response.key,
    body: response.body,
    hash: response.hash ?? contentHash(response.body),
    use: { pageContent: response.pageContent === true, compress: response.compress !== false },
    ...(response.restriction ? { restriction: response.restriction } : {}),
  };
}

/** The page's answers after the edit, each with its body, and its search inputs; undefined when the page gains or
 *  loses a content body (that changes the snapshot's keys: a site build). */
function editedPage(plan: PagePlan, index: PublishedIndex, site: EditedSite, page: PageSummary, seconds: number) {
  const stored = plan.storedMetaOf(page.pathWithoutType);
  const meta = storedMetaValues(stored);
  const restriction = restrictionOf(meta);
  const drafts = new Map<string, string[]>();
  const draftBlocks = pageDraft(site.files, page.pathWithoutType);
  if (draftBlocks) drafts.set(`${CONTENT}${page.pathWithoutType}.txt`, draftBlocks);
  const job = { page: page.pathWithoutType, markdown: pageMarkdown(site.files, page.pathWithoutType), draftBlocks };
  const content = renderWithin(job, seconds, () => renderContent(job, plan.contentSettings, plan.knownPaths));
  for (const state of ['live', 'draft'] as const)
    if ((content[state] !== undefined) !== (entryOf(index, contentKey(state, page.url)) !== undefined))
      return undefined;
  const { tabs, author } = plan;
  const answers = pageAnswers(page, { content, stored, tabs, author, mtimes: site.mtimes, restriction });
  const media = pageMediaResponse(pageTextsOf(site.files, drafts, page.pathWithoutType));
  const responses = [...answers, media].map(patched);
  const search: EditedSearchPage = {
    url: page.url,
    slug: page.slug,
    name: String(page.name),
    title: typeof meta.title === 'string' ? meta.title.trim() : '',
    restriction,
    live: content.live,
    draft: content.draft,
    hashes: { live: content.hashes.live, draft: content.hashes.draft },
  };
  return { responses, search };
}

/** Builds and publishes the edit of `changed` (site paths) on the last snapshot (`index`, updated in place once
 *  published); undefined where the edit is not page-local or the last snapshot is no longer current: the caller
 *  builds the whole site then. */
export async function buildEditedPages(
  plan: PagePlan,
  index: PublishedIndex,
  site: EditedSite,
  changed: ReadonlySet<string>,
  searches: SearchMemo,
  options: PageBuildOptions,
): Promise<PageBuild | undefined> {
  const edited = pageLocalEdits(changed, plan.earlier, site.files, new Set(plan.pages.keys()));
  if (edited === undefined || (edited.length === 0 && options.allowNoEdit !== true)) return undefined;
  const seconds = options.renderTimeoutSeconds ?? DEFAULT_RENDER_TIMEOUT_SECONDS;
  const responses: PatchedResponse[] = [];
  const searchPages = new Map<string, EditedSearchPage>();
  for (const pathWithoutType of edited) {
    const made = editedPage(plan, index, site, plan.pages.get(pathWithoutType) as PageSummary, seconds);
    if (made === undefined) return undefined;
    responses.push(...made.responses);
    searchPages.set(made.search.url, made.search);
  }
  const search =
    edited.length === 0
      ? []
      : ((await updateSearchPages(searches, [...searchPages.values()], plan.language)) ??
        (await options.searchAll?.(searchPages)));
  if (search === undefined) return undefined;
  const llms = await patchedLlmsResponses(
    options.out,
    index,
    plan.contentSettings.baseUrl,
    [...searchPages.values()],
    [...plan.pages.values()].map((page) => page.restriction),
  );
  for (const response of [...search, ...llms]) responses.push(patched({ ...response, pageContent: false }));
  const published = await publishPatched(options.out, index, responses, {
    builtAt: new Date(),
    history: options.history,
    ...(options.beforeSwitch ? { beforeSwitch: options.beforeSwitch } : {}),
  });
  return published && { published, pages: edited.length };
}

/** The hash of the body a key answers with in the last snapshot. */
export function hashInIndex(index: PublishedIndex, key: string): string | undefined {
  const entry = entryOf(index, key);
  return entry === undefined ? undefined : bodyOfEntry(entry).hash;
}
