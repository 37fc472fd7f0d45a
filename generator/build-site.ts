// The full pipeline of a site build: load → plan → render → finish → search → write → switch; which build runs (a
// page-local patch or this) is chosen above it (docs/decisions.md: One pipeline, and one chooser above it).
import { resolve } from 'node:path';
import { finishBuild, planBuild, type BuildPlan } from './build.ts';
import type { BuildSiteOptions, BuildSiteOutcome } from './build-outcome.ts';
import { inputsUnchanged } from './inputs-changed.ts';
import { llmsResponses } from './llms/llms-step.ts';
import { loadSite, type EarlierLoad, type LoadedSite, type PageTextsKept } from './load/load-site.ts';
import { openApiResponse } from './load/openapi-document.ts';
import type { ParseMemo } from './plan/parse-sources.ts';
import { rendererFingerprint } from './render/render-cache.ts';
import { renderSitePages, type RenderedSite, type RenderMemo } from './render/render-pages.ts';
import { withRememberedHashes, type BodyHashMemo } from './resident/body-hashes.ts';
import { siteSearchResponses, type ContentBodies, type SearchMemo } from './search/search-step.ts';
import type { BuildProblem, BuildResult, StoredResponse } from './types.ts';
import { openStaging, type Staging } from './write/snapshot-staging.ts';
import { publishStaged, stageResponses } from './write/write-snapshot.ts';

/** What a caller hands the pipeline so a build redoes less: each memo is updated by the build; none is needed. */
export interface PipelineMemos {
  /** The site as the caller has loaded it already; else it is loaded, keeping `earlier`'s unchanged files. */
  loaded?: LoadedSite | undefined;
  earlier?: EarlierLoad | undefined;
  parses?: ParseMemo;
  renders?: RenderMemo;
  hashes?: BodyHashMemo;
  /** The search counts of the last build (kept in memory, or read from disk by the caller, who saves them). */
  searches?: SearchMemo;
  /** The generator's fingerprint, when the caller has read it. */
  fingerprint?: string;
  /** Where page texts are kept when the site is loaded here: 'on-disk' (a one-off build) never holds them all. */
  pageTexts?: PageTextsKept;
  /** Called once the plan holds the site, before the file texts are let go: what the caller keeps of them. */
  planned?: (plan: BuildPlan, loaded: LoadedSite) => void;
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

/** Builds the whole site and publishes it; a page that renders too long throws its RenderTimeout (nothing published). */
export async function buildWholeSite(options: BuildSiteOptions, memos: PipelineMemos = {}): Promise<BuildSiteOutcome> {
  const loaded =
    memos.loaded ??
    (await loadSite(options.site, options.baseUrl, options.rootPath, memos.earlier, memos.pageTexts ?? 'in-memory'));
  options.onStage?.('rendering pages');
  const plan = planBuild(loaded.source, memos.parses);
  memos.planned?.(plan, loaded);
  // Problems come from listing, reading and parsing in turn; sorted by place, the output reads file by file.
  const errors = [...loaded.errors, ...plan.errors].sort(byFileAndLine);
  if (errors.length > 0) return { ok: false, errors, warnings: plan.warnings };
  // The plan holds what the rest of the build needs; the file texts and the markdown map would keep every page's
  // text alive while pages render (the render jobs hold each page's texts until it is written).
  loaded.source.files.clear();
  plan.sources.markdown.clear();
  const out = resolve(options.out);
  // Bodies go to the staging snapshot as they are rendered; a failure anywhere after this removes it again.
  const staging = await openStaging(out);
  let built: Awaited<ReturnType<typeof stageSite>>;
  try {
    built = await stageSite(plan, staging, out, options, memos);
  } catch (error) {
    await staging.discard();
    throw error;
  }
  const { pages, result, published } = built;
  // Only after publishing: a cache entry is worth something only while a snapshot holds its bodies.
  await pages.saveCache();
  return {
    ok: true,
    published,
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
  memos: PipelineMemos,
) {
  // One read of the generator's sources: the render cache and the search counts on disk are both keyed by it.
  const fingerprint = memos.fingerprint ?? memos.renders?.fingerprint ?? (await rendererFingerprint());
  const pages = await renderSitePages(plan, {
    outDir: out,
    bodies: staging,
    fingerprint,
    ...(memos.renders !== undefined ? { memo: memos.renders } : {}),
    ...(options.workers !== undefined ? { workers: options.workers } : {}),
    ...(options.renderTimeoutSeconds !== undefined ? { renderTimeoutSeconds: options.renderTimeoutSeconds } : {}),
  });
  options.onStage?.('writing snapshot');
  const result = await finishStaged(plan, pages.rendered, staging, memos.hashes);
  // Search: the index is a few more entries of the snapshot (a root and its shards), built from the bodies above and
  // written at once, so that its bodies are not held through the AI files step.
  const search = await stageResponses(
    staging,
    await siteSearchResponses(
      plan,
      contentBodies(staging, result.responses),
      memos.searches !== undefined ? { memo: memos.searches } : {},
    ),
  );
  // The AI files: each page's markdown and part, and per view llms.txt and the manifest of llms-full.txt.
  const llms = await llmsResponses(plan, contentBodies(staging, result.responses), (batch) =>
    stageResponses(staging, batch),
  );
  const withDocument = { ...result, responses: [...result.responses, await openApiResponse(), ...search, ...llms] };
  inputsUnchanged(options.changedInputs)();
  const published = await publishStaged(staging, withDocument, {
    baseUrl: plan.source.baseUrl,
    builtAt: new Date(),
    history: options.history,
  });
  return { pages, result, published };
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
