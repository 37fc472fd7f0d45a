// Content bodies of every page for build-site.ts: rendered on all cores and written to the staging snapshot batch by
// batch, or, where the render cache says the inputs are unchanged, linked from the previous snapshot by hash.
import type { BuildPlan } from '../build.ts';
import {
  knownPathOf,
  storedContent,
  type ContentJob,
  type RenderedContent,
  type StoredContent,
} from './content-bodies.ts';
import {
  loadRenderCache,
  probesHold,
  rendererFingerprint,
  renderKey,
  saveRenderCache,
  type RenderCacheEntries,
} from './render-cache.ts';
import { defaultWorkerCount, renderOnThreads } from './render-pool.ts';
import type { BodyStore } from '../write/snapshot-staging.ts';

/** Below this many pages to render, starting worker threads (about half a second each) costs more than it saves. */
const MIN_PAGES_FOR_WORKERS = 300;

export interface RenderPagesOptions {
  /** The build's output folder; the cache lives in its `.cache/`. */
  outDir: string;
  /** Where each page's bodies go as soon as they are rendered. */
  bodies: BodyStore;
  /** Worker threads that render (this thread then only writes); 0 renders here. Default: one per core when enough
   *  pages changed. */
  workers?: number;
  /** The longest one page may take to render, in seconds (default 10). */
  renderTimeoutSeconds?: number;
  /** The renderer's fingerprint when the caller has it already (rendererFingerprint reads every generator source). */
  fingerprint?: string;
  /** Kept between the builds of a resident builder: pages whose texts did not change skip hashing them again. */
  memo?: RenderMemo;
}

/** What a resident builder keeps between builds: the renderer's fingerprint, the cache as last saved, and each page's
 *  texts with the cache key they gave. */
export interface RenderMemo {
  fingerprint?: string;
  cache?: RenderCacheEntries;
  pages: Map<
    string,
    { markdown: string | undefined; draftBlocks: string[] | undefined; settings: string; key: string }
  >;
}

const sameBlocks = (left: readonly string[] | undefined, right: readonly string[] | undefined): boolean =>
  left === right ||
  (left !== undefined &&
    right !== undefined &&
    left.length === right.length &&
    left.every((block, at) => block === right[at]));

/** The page's cache key: remembered while its texts and the settings are the ones it was made from. */
function keysOf(plan: BuildPlan, fingerprint: string, memo: RenderMemo | undefined): string[] {
  const settings = JSON.stringify(plan.contentSettings);
  return plan.contentJobs.map((job) => {
    const remembered = memo?.pages.get(job.page);
    if (
      remembered !== undefined &&
      remembered.settings === settings &&
      remembered.markdown === job.markdown &&
      sameBlocks(remembered.draftBlocks, job.draftBlocks)
    )
      return remembered.key;
    const key = renderKey(fingerprint, plan.contentSettings, job);
    memo?.pages.set(job.page, { markdown: job.markdown, draftBlocks: job.draftBlocks, settings, key });
    return key;
  });
}

export interface RenderedSite {
  /** Every page's content by `pathWithoutType`: hashes of bodies already in the staging snapshot. */
  rendered: ReadonlyMap<string, StoredContent>;
  /** Pages taken from the cache and pages rendered. */
  reused: number;
  renderedCount: number;
  /** Writes the cache of this build's pages; await it before exiting. */
  saveCache: () => Promise<void>;
}

/** A page's content bodies are page content: compressed by their own policy (compression-policy.ts). */
const PAGE_CONTENT = { pageContent: true, compress: true } as const;

/** Writes a batch's bodies (live and draft are often one body: stored once by hash) and keeps only their hashes. */
async function storeBatch(bodies: BodyStore, batch: readonly RenderedContent[]): Promise<StoredContent[]> {
  await Promise.all(
    batch.flatMap((content) =>
      (['live', 'draft'] as const).flatMap((state) => {
        const text = content[state];
        const hash = content.hashes[state];
        return text === undefined || hash === undefined ? [] : [bodies.store(hash, text, PAGE_CONTENT)];
      }),
    ),
  );
  return batch.map(storedContent);
}

/** A page's texts are not needed once its bodies are written: letting them go as pages render makes the build's live
 *  data shrink with every batch instead of holding every source until the end
 *  (docs/decisions.md: Bodies are written while pages render). */
function releaseTexts(jobs: readonly ContentJob[]): void {
  for (const job of jobs) {
    job.markdown = undefined;
    job.draftBlocks = undefined;
  }
}

/** A cached page is used only while the previous snapshot still has its bodies to link. */
function reusable(entry: StoredContent, bodies: BodyStore): boolean {
  return Object.values(entry.hashes).every((hash) => bodies.reuse(hash));
}

/** Renders (or reuses) every page of the plan into `options.bodies`. It consumes the plan's page texts: each job's
 *  markdown and draft blocks are released once its page is written, so the plan cannot render again. */
export async function renderSitePages(plan: BuildPlan, options: RenderPagesOptions): Promise<RenderedSite> {
  const memo = options.memo;
  const [fingerprint, cached] = await Promise.all([
    options.fingerprint ?? memo?.fingerprint ?? rendererFingerprint(),
    memo?.cache ?? loadRenderCache(options.outDir),
  ]);
  if (memo !== undefined) memo.fingerprint = fingerprint;
  const fileExists = (path: string) => plan.source.knownPaths.has(knownPathOf(path));
  const keys = keysOf(plan, fingerprint, memo);
  if (memo !== undefined) {
    const current = new Set(plan.contentJobs.map((job) => job.page));
    for (const page of memo.pages.keys()) if (!current.has(page)) memo.pages.delete(page);
  }
  const contents = new Array<StoredContent | undefined>(plan.contentJobs.length);
  const missing: Array<{ index: number; job: ContentJob }> = [];
  plan.contentJobs.forEach((job, index) => {
    const entry = cached.get(keys[index] ?? '');
    if (entry && probesHold(entry, fileExists) && reusable(entry, options.bodies)) contents[index] = entry;
    else missing.push({ index, job });
  });

  const workers = options.workers ?? (missing.length >= MIN_PAGES_FOR_WORKERS ? defaultWorkerCount() : 0);
  const fresh = await renderOnThreads(
    missing.map(({ job }) => job),
    plan.contentSettings,
    plan.source.knownPaths,
    {
      workers,
      ...(options.renderTimeoutSeconds !== undefined ? { timeoutSeconds: options.renderTimeoutSeconds } : {}),
    },
    async (batch, jobs) => {
      const kept = await storeBatch(options.bodies, batch);
      releaseTexts(jobs);
      return kept;
    },
  );
  releaseTexts(plan.contentJobs);
  for (const [position, { index }] of missing.entries()) contents[index] = fresh[position];

  const rendered = new Map<string, StoredContent>();
  const entries: RenderCacheEntries = new Map();
  plan.contentJobs.forEach((job, index) => {
    const content = contents[index];
    if (!content) return;
    rendered.set(job.page, content);
    entries.set(keys[index] ?? '', content);
  });
  return {
    rendered,
    reused: plan.contentJobs.length - missing.length,
    renderedCount: missing.length,
    saveCache: async () => {
      await saveRenderCache(options.outDir, entries, cached);
      if (memo !== undefined) memo.cache = entries;
    },
  };
}
