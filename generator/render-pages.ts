// Content bodies of every page for build-site.ts: from the render cache where the inputs are unchanged, else rendered on all cores.
import type { BuildPlan, RenderedPages } from './build.ts';
import { knownPathOf, renderContent, type ContentJob, type RenderedContent } from './content-bodies.ts';
import { loadRenderCache, probesHold, rendererFingerprint, renderKey, saveRenderCache, type RenderCacheEntries } from './render-cache.ts';
import { defaultWorkerCount, renderOnThreads } from './render-pool.ts';

/** Below this many pages to render, starting worker threads (about half a second each) costs more than it saves. */
const MIN_PAGES_FOR_WORKERS = 300;

export interface RenderPagesOptions {
  /** The build's output folder; the cache lives in its `.cache/`. */
  outDir: string;
  /** Worker threads beside this one; 0 renders here only. Default: one per other core when enough pages changed. */
  workers?: number;
}

export interface RenderedSite {
  rendered: RenderedPages;
  /** Pages taken from the cache and pages rendered. */
  reused: number;
  renderedCount: number;
  /** Writes the cache of this build's pages; await it before exiting. */
  saveCache: () => Promise<void>;
}

export async function renderSitePages(plan: BuildPlan, options: RenderPagesOptions): Promise<RenderedSite> {
  const [fingerprint, cached] = await Promise.all([rendererFingerprint(), loadRenderCache(options.outDir)]);
  const fileExists = (path: string) => plan.source.knownPaths.has(knownPathOf(path));
  const keys = plan.contentJobs.map((job) => renderKey(fingerprint, plan.contentSettings, job));
  const contents = new Array<RenderedContent | undefined>(plan.contentJobs.length);
  const missing: Array<{ index: number; job: ContentJob }> = [];
  plan.contentJobs.forEach((job, index) => {
    const entry = cached.get(keys[index] ?? '');
    if (entry && probesHold(entry, fileExists)) contents[index] = entry;
    else missing.push({ index, job });
  });

  const workers = options.workers ?? (missing.length >= MIN_PAGES_FOR_WORKERS ? defaultWorkerCount() : 0);
  const fresh = workers > 0
    ? await renderOnThreads(missing.map(({ job }) => job), plan.contentSettings, plan.source.knownPaths, workers)
    : missing.map(({ job }) => renderContent(job, plan.contentSettings, plan.source.knownPaths));
  missing.forEach(({ index }, position) => (contents[index] = fresh[position]));

  const rendered = new Map<string, RenderedContent>();
  const entries: RenderCacheEntries = new Map();
  plan.contentJobs.forEach((job, index) => {
    const content = contents[index];
    if (!content) return;
    rendered.set(job.page, content);
    entries.set(keys[index] ?? '', content);
  });
  return { rendered, reused: plan.contentJobs.length - missing.length, renderedCount: missing.length, saveCache: () => saveRenderCache(options.outDir, entries, cached) };
}
