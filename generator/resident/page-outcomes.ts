// The page-local builds as build outcomes: a resident builder's (on the plan it keeps) and a one-off build's (on the
// plan the last one saved); undefined where the site must be built; the chooser (choose-build.ts) maps a page that
// renders too long to its problem (docs/decisions.md: A page-local edit patches the last snapshot).
import { resolve } from 'node:path';
import type { BuildSiteOptions, BuildSiteOutcome } from '../build-outcome.ts';
import { inputsUnchanged } from '../inputs-changed.ts';
import type { LoadedSite } from '../load/load-site.ts';
import type { SourceFile } from '../types.ts';
import type { SearchMemo } from '../search/site-search.ts';
import { buildEditedPages } from './page-build.ts';
import { residentPagePlan, searchWholeSite, type PublishedBase } from './resident-plan.ts';
import { buildOnSavedPlan } from './saved-plan-build.ts';

/** A one-off build's page-local build on the plan the last one saved; undefined where the site must be built. */
export async function buildOnSavedPlanOf(
  options: BuildSiteOptions,
  fingerprint: string,
): Promise<BuildSiteOutcome | undefined> {
  const built = await buildOnSavedPlan(
    {
      site: options.site,
      out: options.out,
      baseUrl: options.baseUrl,
      ...(options.rootPath !== undefined ? { rootPath: options.rootPath } : {}),
      ...(options.renderTimeoutSeconds !== undefined ? { renderTimeoutSeconds: options.renderTimeoutSeconds } : {}),
      ...(options.history !== undefined ? { history: options.history } : {}),
      beforeSwitch: inputsUnchanged(options.changedInputs),
    },
    fingerprint,
  );
  return built && { ok: true, ...built, scope: 'pages' };
}

/** The page-local build of an edit (resident/page-build.ts); undefined where the site must be built. */
export async function buildPagesOf(
  base: PublishedBase,
  replaced: ReadonlyMap<string, SourceFile>,
  loaded: LoadedSite,
  changed: ReadonlySet<string>,
  resident: { searches: SearchMemo; base?: PublishedBase },
  options: BuildSiteOptions,
): Promise<BuildSiteOutcome | undefined> {
  const site = { files: loaded.source.files, mtimes: loaded.source.mtimes };
  const plan = residentPagePlan(base, loaded.source.files, replaced);
  const built = await buildEditedPages(plan, base.index, site, changed, resident.searches, {
    out: resolve(options.out),
    searchAll: searchWholeSite(base, resident.searches),
    ...(options.renderTimeoutSeconds !== undefined ? { renderTimeoutSeconds: options.renderTimeoutSeconds } : {}),
    ...(options.history !== undefined ? { history: options.history } : {}),
    beforeSwitch: inputsUnchanged(options.changedInputs),
  });
  if (built === undefined) return undefined;
  resident.base = { ...base, index: built.published.index };
  return {
    ok: true,
    published: built.published,
    stats: base.stats,
    warnings: base.warnings,
    pages: { rendered: built.pages, reused: base.plan.pages.length - built.pages },
    scope: 'pages',
  };
}
