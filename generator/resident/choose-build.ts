// The one entry of a build: a page-local patch of the last snapshot where the edit allows it (on the plan the last
// one-off build saved, else on the plan a resident builder keeps), else the full pipeline (build-site.ts); it owns
// what a resident builder keeps between builds (docs/decisions.md: One pipeline, and one chooser above it).
import { resolve } from 'node:path';
import type { BuildPlan } from '../build.ts';
import type { BuildSiteOptions, BuildSiteOutcome } from '../build-outcome.ts';
import { patchSite } from '../load/patch-site.ts';
import type { LoadedSite } from '../load/load-site.ts';
import { siteFolderProblem } from '../load/site-folder.ts';
import type { ParseMemo } from '../plan/parse-sources.ts';
import { RenderTimeout } from '../render/render-bound.ts';
import { rendererFingerprint } from '../render/render-cache.ts';
import type { RenderMemo } from '../render/render-pages.ts';
import { loadSearchCounts, saveSearchCounts } from '../search/search-count-cache.ts';
import type { SearchMemo } from '../search/search-step.ts';
import { inputsUnchanged } from '../inputs-changed.ts';
import type { BuildProblem, SourceFile } from '../types.ts';
import type { BodyHashMemo } from './body-hashes.ts';
import { buildEditedPages } from './page-build.ts';
import { savePublishedBodies } from './published-bodies.ts';
import { publishedBase, residentPagePlan, searchWholeSite, type PublishedBase } from './resident-plan.ts';
import { buildOnSavedPlan, earlierTextsOf, planToSave } from './saved-plan-build.ts';
import { savePlan } from './saved-plan.ts';

export { InputsChangedError } from '../inputs-changed.ts';
export { formatProblem } from '../build-outcome.ts';

/** What a resident builder keeps between its builds (resident-build.ts); a one-off build has none. */
export interface ResidentState {
  /** What the last build loaded: files whose stamps did not change are not read again. */
  last?: LoadedSite;
  parses: ParseMemo;
  renders: RenderMemo;
  hashes: BodyHashMemo;
  searches: SearchMemo;
  /** What the last build published, while it is the snapshot `current` names: a page-local edit patches it. */
  base?: PublishedBase;
}

/** The site build's pipeline, loaded when a build needs it: a cold page build (the saved plan's patch) does not
 *  (docs/decisions.md: A command loads what its path needs). */
async function buildWholeSite(...args: Parameters<typeof import('../build-site.ts').buildWholeSite>) {
  const { buildWholeSite: build } = await import('../build-site.ts');
  return build(...args);
}

/** A build told how to report its plan: the warnings a page that renders too long fails with. */
type Attempt = (planned: (plan: BuildPlan) => void) => Promise<BuildSiteOutcome>;

/** A one-off build: the saved plan's patch where only pages' texts changed, else the site, saving its plan. */
export function buildSite(options: BuildSiteOptions): Promise<BuildSiteOutcome> {
  return attempt(options, [], async (planned) => {
    const out = resolve(options.out);
    const fingerprint = await rendererFingerprint();
    const patched = await buildOnSavedPlan(options, fingerprint);
    if (patched !== undefined) return patched;
    const searches = await loadSearchCounts(out, fingerprint);
    searches.keepSite = false;
    let kept: { plan: BuildPlan; loaded: LoadedSite; earlier: ReturnType<typeof earlierTextsOf> } | undefined;
    const outcome = await buildWholeSite(options, {
      fingerprint,
      searches,
      pageTexts: 'on-disk',
      planned: (plan, loaded) => {
        planned(plan);
        kept = { plan, loaded, earlier: earlierTextsOf(plan, loaded) };
      },
    });
    if (!outcome.ok || kept === undefined) return outcome;
    // The counts and bodies first: a saved plan is trusted only with those of the snapshot it names.
    await savePublishedBodies(out, outcome.published.index);
    await saveSearchCounts(out, fingerprint, searches);
    const identity = { fingerprint, snapshot: outcome.published.id, site: options.site, rootPath: options.rootPath };
    await savePlan(out, planToSave(kept.plan, kept.loaded, kept.earlier, identity, outcome));
    return outcome;
  });
}

/** A resident builder's build: the patch of the edited pages on the plan it keeps, else the site on its memos.
 *  `changed`: the paths reported changed since the last build, read again whatever their stamps say. */
export async function buildResident(
  options: BuildSiteOptions,
  state: ResidentState,
  changed: ReadonlySet<string>,
): Promise<BuildSiteOutcome> {
  // A build that fails or is refused leaves no base: the next build starts from the site again.
  const { base, last } = state;
  state.base = undefined;
  const outcome = await attempt(options, base?.warnings ?? [], async (planned) => {
    const replaced = last && patchSite(resolve(options.site), last, changed);
    if (last !== undefined && replaced !== undefined && base !== undefined) {
      const patched = await buildPages(base, replaced, last, changed, state, options);
      if (patched !== undefined) return patched;
    }
    let plan: BuildPlan | undefined;
    const { parses, renders, hashes, searches } = state;
    const outcome = await buildWholeSite(options, {
      ...{ parses, renders, hashes, searches },
      loaded: replaced !== undefined ? last : undefined,
      earlier: last && { files: last.source.files, stamps: last.stamps, changed },
      planned: (made, loaded) => {
        planned(made);
        plan = made;
        // A copy of the file map: the build lets go of the texts in its own as soon as the plan holds them.
        state.last = { ...loaded, source: { ...loaded.source, files: new Map(loaded.source.files) } };
      },
    });
    if (outcome.ok && plan !== undefined)
      state.base = publishedBase(plan, outcome.published.index, outcome.stats, outcome.warnings);
    return outcome;
  });
  // The kept search index describes the last search step; one that was not published must not be patched next.
  if (!outcome.ok) state.searches.site = undefined;
  return outcome;
}

/** The resident builder's page-local build of an edit (page-build.ts); undefined where the site must be built. */
async function buildPages(
  base: PublishedBase,
  replaced: ReadonlyMap<string, SourceFile>,
  loaded: LoadedSite,
  changed: ReadonlySet<string>,
  state: ResidentState,
  options: BuildSiteOptions,
): Promise<BuildSiteOutcome | undefined> {
  const site = { files: loaded.source.files, mtimes: loaded.source.mtimes };
  const plan = residentPagePlan(base, loaded.source.files, replaced);
  const built = await buildEditedPages(plan, base.index, site, changed, state.searches, {
    out: resolve(options.out),
    searchAll: searchWholeSite(base, state.searches),
    ...(options.renderTimeoutSeconds !== undefined ? { renderTimeoutSeconds: options.renderTimeoutSeconds } : {}),
    ...(options.history !== undefined ? { history: options.history } : {}),
    beforeSwitch: inputsUnchanged(options.changedInputs),
  });
  if (built === undefined) return undefined;
  state.base = { ...base, index: built.published.index };
  const { stats, warnings } = base;
  const pages = { rendered: built.pages, reused: base.plan.pages.length - built.pages };
  return { ok: true, published: built.published, stats, warnings, pages, scope: 'pages' };
}

/** Runs `build` after the site folder's check; a page that renders too long is a problem of that page's file, like a
 *  parse error, reported with the warnings of the plan it was built on. */
async function attempt(options: BuildSiteOptions, warnings: BuildProblem[], build: Attempt): Promise<BuildSiteOutcome> {
  const folder = siteFolderProblem(options.site, { allowEmpty: options.allowEmpty === true });
  if (folder !== undefined)
    return { ok: false, errors: [{ file: options.site, message: folder.message }], warnings: [] };
  options.onStage?.('reading site');
  let planWarnings: BuildProblem[] | undefined;
  try {
    return await build((plan) => (planWarnings = plan.warnings));
  } catch (error) {
    if (!(error instanceof RenderTimeout)) throw error;
    return { ok: false, errors: [{ file: error.file, message: error.message }], warnings: planWarnings ?? warnings };
  }
}
