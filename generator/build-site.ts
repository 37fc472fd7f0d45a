// The whole pipeline as one call (load → build → publish), for the CLI, `npm start` and tests.
import { resolve } from 'node:path';
import { finishBuild, planBuild } from './build.ts';
import { loadSite } from './load.ts';
import { openApiResponse } from './openapi-document.ts';
import type { BuildProblem, BuildResult } from './types.ts';
import { renderSitePages } from './render-pages.ts';
import { publishSnapshot, type Published } from './write-snapshot.ts';
import { contentReader, siteSearchResponse } from './search/site-search.ts';

export interface BuildSiteOptions {
  site: string;
  out: string;
  baseUrl: string;
  rootPath?: string;
  onStage?: (stage: string) => void;
  /** Render worker threads; default: one per other core when many pages need rendering. */
  workers?: number;
}

export type BuildSiteOutcome =
  | { ok: true; published: Published; stats: BuildResult['stats']; warnings: BuildProblem[] }
  | { ok: false; errors: BuildProblem[]; warnings: BuildProblem[] };

export function formatProblem(problem: BuildProblem): string {
  return `${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.message}`;
}

function byFileAndLine(left: BuildProblem, right: BuildProblem): number {
  return left.file < right.file ? -1 : left.file > right.file ? 1 : (left.line ?? 0) - (right.line ?? 0);
}

export async function buildSite(options: BuildSiteOptions): Promise<BuildSiteOutcome> {
  options.onStage?.('reading site');
  const loaded = await loadSite(options.site, options.baseUrl, options.rootPath);
  options.onStage?.('rendering pages');
  const plan = planBuild(loaded.source);
  // Problems come from listing, reading and parsing in turn; sorted by place, the output reads file by file.
  const errors = [...loaded.errors, ...plan.errors].sort(byFileAndLine);
  if (errors.length > 0) return { ok: false, errors, warnings: plan.warnings };
  const out = resolve(options.out);
  const pages = await renderSitePages(plan, { outDir: out, ...(options.workers !== undefined ? { workers: options.workers } : {}) });
  const result = finishBuild(plan, pages.rendered);
  options.onStage?.('writing snapshot');
  // Search: the index is one more entry of the snapshot, built from the bodies above.
  const withDocument = { ...result, responses: [...result.responses, await openApiResponse(), await siteSearchResponse(plan, contentReader(result.responses))] };
  const [published] = await Promise.all([
    publishSnapshot(withDocument, { distDir: out, baseUrl: loaded.source.baseUrl, builtAt: new Date() }),
    pages.saveCache(),
  ]);
  return { ok: true, published, stats: result.stats, warnings: result.warnings };
}
