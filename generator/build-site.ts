// The whole pipeline as one call (load → build → publish), for the CLI, `npm start` and tests.
import { resolve } from 'node:path';
import { finishBuild, planBuild, type BuildPlan } from './build.ts';
import { loadSite } from './load/load-site.ts';
import { patchSite } from './load/patch-site.ts';
import { siteFolderProblem } from './load/site-folder.ts';
import { openApiResponse } from './load/openapi-document.ts';
import type { BuildProblem, BuildResult, StoredResponse } from './types.ts';
import { withRememberedHashes, type BodyHashMemo } from './resident/body-hashes.ts';
import { RenderTimeout } from './render/render-bound.ts';
import { renderSitePages, type RenderedSite } from './render/render-pages.ts';
import { openStaging, type Staging } from './write/snapshot-staging.ts';
import { buildOnSavedPlanOf, buildPagesOf } from './resident/page-outcomes.ts';
import { InputsChangedError } from './inputs-changed.ts';
import { publishedBase } from './resident/resident-plan.ts';
import { earlierTextsOf, planToSave } from './resident/saved-plan-build.ts';
import { savePlan } from './resident/saved-plan.ts';
import { publishStaged, stageResponses } from './write/write-snapshot.ts';
import { siteSearchResponses, type ContentBodies } from './search/site-search.ts';
import { loadSearchCounts, saveSearchCounts as writeSearchCounts } from './search/search-count-cache.ts';
import { rendererFingerprint } from './render/render-cache.ts';
import { llmsResponses } from './llms/llms-step.ts';

import type { BuildSiteOptions, BuildSiteOutcome, ResidentState } from './build-outcome.ts';

export { InputsChangedError } from './inputs-changed.ts';

export function formatProblem(problem: BuildProblem): string {
  return `${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.message}`;
}

function byFileAndLine(left: BuildProblem, right: BuildProblem): number {
  return left.file < right.file ? -1 : left.file > right.file ? 1 : (left.line ?? 0) - (right.line ?? 0);
}

/** The identity body of a response key (`keyOf(KEYS.contentLive, url)`), read back from the staging snapshot, and its
 *  hash. */
function contentBodies(staging: Staging, responses: readonly StoredResponse[]): ContentBodies {
  const hashes = new Map(responses.map((response) => [response.key, response.stored]));
  return {
    read: (key) => {
      const hash = hashes.get(key);
      return hash === undefined ? Promise.resolve(undefined) : staging.read(hash);
    },
    hashOf: (key) => hashes.get(key),
  };
}

/** `resident` (resident/resident-build.ts): what the builder's earlier builds read, parsed and rendered, updated by this one;
 *  `changed`: the paths reported changed since, read again whatever their stamps say. */
export async function buildSite(
  options: BuildSiteOptions,
  resident?: ResidentState,
  changed: ReadonlySet<string> = new Set(),
): Promise<BuildSiteOutcome> {
  if (resident === undefined) return buildOnce(options, undefined, changed);
  // The kept search index describes the last search step; one that was not published must not be patched next.
  let outcome: BuildSiteOutcome | undefined;
  try {
    outcome = await buildOnce(options, resident, changed);
    return outcome;
  } finally {
    if (outcome?.ok !== true) resident.searches.site = undefined;
  }
}

async function buildOnce(
  options: BuildSiteOptions,
  resident: ResidentState | undefined,
  changed: ReadonlySet<string>,
): Promise<BuildSiteOutcome> {
  const folder = siteFolderProblem(options.site, { allowEmpty: options.allowEmpty === true });
  if (folder !== undefined)
    return { ok: false, errors: [{ file: options.site, message: folder.message }], warnings: [] };
  options.onStage?.('reading site');
  // A one-off build whose site changed only in pages' texts since the plan it saved patches the last snapshot.
  const fingerprint = resident === undefined ? await rendererFingerprint() : undefined;
  if (fingerprint !== undefined) {
    const patchedSnapshot = await buildOnSavedPlanOf(options, fingerprint);
    if (patchedSnapshot !== undefined) return patchedSnapshot;
  }
  const last = resident?.last;
  // A build that fails or is refused leaves no base: the next build starts from the site again.
  const base = resident?.base;
  if (resident !== undefined) resident.base = undefined;
  const replaced = last && patchSite(resolve(options.site), last, changed);
  const loaded =
    last !== undefined && replaced !== undefined
      ? last
      : await loadSite(
          options.site,
          options.baseUrl,
          options.rootPath,
          last && { files: last.source.files, stamps: last.stamps, changed },
        );
  if (resident !== undefined) resident.last = loaded;
  if (resident !== undefined && base !== undefined && replaced !== undefined) {
    const built = await buildPagesOf(base, replaced, loaded, changed, resident, options);
    if (built !== undefined) return built;
  }
  // A copy of the file map: the build lets go of the texts in its own as soon as the plan holds them.
  if (resident !== undefined)
    resident.last = { ...loaded, source: { ...loaded.source, files: new Map(loaded.source.files) } };
  options.onStage?.('rendering pages');
  const plan = planBuild(loaded.source, resident?.parses);
  // Problems come from listing, reading and parsing in turn; sorted by place, the output reads file by file.
  const errors = [...loaded.errors, ...plan.errors].sort(byFileAndLine);
  if (errors.length > 0) return { ok: false, errors, warnings: plan.warnings };
  // The plan holds what the rest of the build needs; the file texts and the markdown map would keep every page's
  // text alive while pages render (the render jobs hold each page's texts until it is written).
  const earlier = resident === undefined ? earlierTextsOf(plan, loaded) : undefined;
  loaded.source.files.clear();
  plan.sources.markdown.clear();
  const out = resolve(options.out);
  // Bodies go to the staging snapshot as they are rendered; a failure anywhere after this removes it again.
  const staging = await openStaging(out);
  let built: Awaited<ReturnType<typeof stageSite>>;
  try {
    built = await stageSite(plan, staging, out, options, resident, fingerprint);
  } catch (error) {
    await staging.discard();
    // a page that renders too long is a problem of that page's file, like a parse error
    if (error instanceof RenderTimeout)
      return { ok: false, errors: [{ file: error.file, message: error.message }], warnings: plan.warnings };
    throw error;
  }
  const { pages, result } = built;
  if (resident !== undefined) resident.base = publishedBase(plan, built.published.index, result.stats, result.warnings);
  // Only after publishing: a cache entry is worth something only while a snapshot holds its bodies.
  await pages.saveCache();
  await built.saveSearchCounts();
  if (earlier !== undefined && fingerprint !== undefined) {
    const identity = { fingerprint, snapshot: built.published.id, site: options.site, rootPath: options.rootPath };
    await savePlan(out, planToSave(plan, loaded, earlier, identity, result));
  }
  return {
    ok: true,
    published: built.published,
    stats: result.stats,
    warnings: result.warnings,
    pages: { rendered: pages.renderedCount, reused: pages.reused },
    scope: 'site',
  };
}

async function stageSite(
  plan: BuildPlan,
  staging: Staging,
  out: string,
  options: BuildSiteOptions,
  resident: ResidentState | undefined,
  known: string | undefined,
) {
  const memo = resident?.renders;
  const hashes = resident?.hashes;
  // One read of the generator's sources: the render cache and the search counts on disk are both keyed by it.
  const fingerprint = known ?? memo?.fingerprint ?? (await rendererFingerprint());
  const pages = await renderSitePages(plan, {
    outDir: out,
    bodies: staging,
    fingerprint,
    ...(memo !== undefined ? { memo } : {}),
    ...(options.workers !== undefined ? { workers: options.workers } : {}),
    ...(options.renderTimeoutSeconds !== undefined ? { renderTimeoutSeconds: options.renderTimeoutSeconds } : {}),
  });
  options.onStage?.('writing snapshot');
  const result = await finishStaged(plan, pages.rendered, staging, hashes);
  // Search: the index is a few more entries of the snapshot (a root and its shards), built from the bodies above.
  // A one-off build keeps the search counts on disk, as a resident builder keeps them in memory.
  const searches = resident?.searches ?? (await loadSearchCounts(out, fingerprint));
  const search = await siteSearchResponses(plan, contentBodies(staging, result.responses), { memo: searches });
  const saveSearchCounts = () =>
    resident === undefined ? writeSearchCounts(out, fingerprint, searches) : Promise.resolve();
  // The AI files: each page's markdown and part, and per view llms.txt and the manifest of llms-full.txt.
  const llms = await llmsResponses(plan, contentBodies(staging, result.responses), (batch) =>
    stageResponses(staging, batch),
  );
  const withDocument = { ...result, responses: [...result.responses, await openApiResponse(), ...search, ...llms] };
  const changed = options.changedInputs?.() ?? [];
  if (changed.length > 0) throw new InputsChangedError(changed);
  const published = await publishStaged(staging, withDocument, {
    baseUrl: plan.source.baseUrl,
    builtAt: new Date(),
    history: options.history,
  });
  return { pages, result, published, saveSearchCounts };
}

/** The remaining bodies (items, meta, navigation, users) written before the search step: only their hashes outlive
 *  this call. */
async function finishStaged(
  plan: BuildPlan,
  rendered: RenderedSite['rendered'],
  staging: Staging,
  hashes: BodyHashMemo | undefined,
): Promise<BuildResult<StoredResponse>> {
  const result = finishBuild(plan, rendered);
  const responses = hashes === undefined ? result.responses : withRememberedHashes(result.responses, hashes);
  return { ...result, responses: await stageResponses(staging, responses) };
}
