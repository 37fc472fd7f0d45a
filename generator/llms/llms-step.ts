// The build's AI files step (docs/ai.md): each page's markdown from its content bodies, its part of
// `llms-full.txt`, and per view `llms.txt` and the manifest of its parts. Pages are read a few at a time and their
// answers handed to `stage` at once, so the step holds little text whatever the site's size.
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import { contentHash } from '../../contract/etag.ts';
import { manifestText } from '../../contract/llms-manifest.ts';
import { markdownOfContent } from '../../contract/page-markdown.ts';
import type { BuildPlan } from '../build.ts';
import { walkItems } from '../plan/tree/build-items.ts';
import type { Item } from '../plan/tree/item.ts';
import { restrictionOf, storedMeta } from '../plan/site-model.ts';
import type { ContentBodies } from '../search/search-step.ts';
import type { BuiltResponse, StoredResponse } from '../types.ts';
import { llmsPartText, llmsTxtText, type LlmsPage, type LlmsSite } from './llms-text.ts';
import { isPublic, llmsViews } from './llms-views.ts';

const READ_AHEAD = 16;
/** Batches whose files may be under way at once: enough to keep the write and compress threads busy, few enough to
 *  hold little text. */
const STAGES_IN_FLIGHT = 4;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The meta title, else the navigation name: what `llms.txt` and the part's heading call the page. */
export function llmsTitle(metaTitle: string, name: string): string {
  return metaTitle !== '' ? metaTitle : name;
}

interface PlannedPage extends LlmsPage {
  pathWithoutType: string;
}

/** In llms.txt's order: the home page and the top-level pages (the Overview), then each top-level folder's pages
 *  depth-first in navigation order, each with its top-level folder. llms-full.txt follows the same order. */
function plannedPages(plan: BuildPlan, hasLive: (url: string) => boolean): PlannedPage[] {
  const page = (url: string, pathWithoutType: string, name: string, section: string | undefined): PlannedPage => {
    const meta = storedMeta(plan.sources, pathWithoutType);
    const restriction = restrictionOf(meta);
    return {
      url,
      pathWithoutType,
      title: llmsTitle(text(meta.title), name),
      description: text(meta.description),
      listable: hasLive(url) && meta.hide !== true && meta.noindex !== true,
      ...(restriction ? { restriction } : {}),
      section,
    };
  };
  const pages = [page('/', '/index', 'home', undefined)];
  const isFolder = (item: Item) => item.elementType === 'folder';
  for (const top of plan.model.draftTree.filter((item) => !isFolder(item)))
    pages.push(page(top.urlRelWoF, top.pathWithoutType, String(top.name), undefined));
  for (const top of plan.model.draftTree.filter(isFolder))
    for (const item of walkItems([top]))
      pages.push(page(item.urlRelWoF, item.pathWithoutType, String(item.name), top.urlRelWoF));
  return pages;
}

function siteOf(plan: BuildPlan, pages: readonly PlannedPage[]): LlmsSite {
  const { settings } = plan.model;
  const folders = new Set(plan.model.draftTree.filter((item) => item.elementType === 'folder').map((i) => i.urlRelWoF));
  return {
    title: text(settings.title),
    description: text(settings.description),
    baseUrl: plan.source.baseUrl,
    sections: new Map(pages.filter((page) => folders.has(page.url)).map((page) => [page.url, page.title])),
  };
}

const built = (key: string, body: string, extra: Partial<BuiltResponse> = {}): BuiltResponse => ({
  key,
  body,
  hash: contentHash(body),
  ...extra,
});

/** One page's answers: its markdown (live, draft, public) and its part, from its content bodies. */
export function pageLlmsResponses(
  page: LlmsPage,
  baseUrl: string,
  bodies: { live: string | undefined; draft: string | undefined },
): BuiltResponse[] {
  const withRestriction = page.restriction ? { restriction: page.restriction } : {};
  const responses: BuiltResponse[] = [];
  const live = bodies.live === undefined ? undefined : markdownOfContent(bodies.live);
  if (live !== undefined) responses.push(built(keyOf(KEYS.markdownLive, page.url), live, withRestriction));
  if (bodies.draft !== undefined) {
    const draft = bodies.draft === bodies.live ? live : markdownOfContent(bodies.draft);
    responses.push(built(keyOf(KEYS.markdownDraft, page.url), draft ?? '', withRestriction));
  }
  if (live !== undefined && page.listable) {
    if (isPublic(page)) responses.push(built(keyOf(KEYS.markdownPublic, page.url), live));
    responses.push(built(keyOf(KEYS.llmsPart, page.url), llmsPartText(baseUrl, page.title, page.url, live)));
  }
  return responses;
}

/** Every answer of the AI files; `stage` stores a batch's bodies and may let them go. */
export async function llmsResponses<Staged extends BuiltResponse | StoredResponse>(
  plan: BuildPlan,
  bodies: ContentBodies,
  stage: (responses: BuiltResponse[]) => Promise<Staged[]>,
): Promise<Staged[]> {
  const hasLive = (url: string) => bodies.hashOf(keyOf(KEYS.contentLive, url)) !== undefined;
  const pages = plannedPages(plan, hasLive);
  const site = siteOf(plan, pages);
  const partHashes = new Map<string, string>();
  const staged: Array<Promise<Staged[]>> = [];
  for (let first = 0; first < pages.length; first += READ_AHEAD) {
    const batch = pages.slice(first, first + READ_AHEAD);
    const made = await Promise.all(
      batch.map(async (page) => {
        const [live, draft] = await Promise.all([
          bodies.read(keyOf(KEYS.contentLive, page.url)),
          bodies.read(keyOf(KEYS.contentDraft, page.url)),
        ]);
        return pageLlmsResponses(page, site.baseUrl, { live, draft });
      }),
    );
    for (const response of made.flat())
      if (response.key.startsWith(`${KEYS.llmsPart.prefix}:`)) partHashes.set(response.key, response.hash as string);
    const batchStaged = stage(made.flat());
    // Awaited below, in order; a failure must not count as unhandled before then.
    batchStaged.catch(() => undefined);
    staged.push(batchStaged);
    // The next batches are made while this one's files are written (profile: docs/performance.md, Full build
    // profile): waiting on each batch left this thread idle a third of the step.
    if (staged.length > STAGES_IN_FLIGHT) await staged[staged.length - 1 - STAGES_IN_FLIGHT];
  }
  const responses: Staged[] = (await Promise.all(staged)).flat();
  const views = llmsViews(pages).flatMap((view) => {
    const parts = view.listed.map((page) => ({
      hash: partHashes.get(keyOf(KEYS.llmsPart, page.url)) as string,
      url: page.url,
    }));
    return [
      built(keyOf(KEYS.llmsTxt, view.name), llmsTxtText(site, view.listed)),
      built(keyOf(KEYS.llmsFull, view.name), manifestText(parts), { compress: false }),
    ];
  });
  responses.push(...(await stage(views)));
  return responses;
}
