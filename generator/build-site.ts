// The whole pipeline as one call (load → build → publish), for the CLI, `npm start` and tests.
import { resolve } from 'node:path';
import { build } from './build.ts';
import { loadSite } from './load.ts';
import { openApiResponse } from './openapi-document.ts';
import type { BuildProblem, BuildResult } from './types.ts';
import { publishSnapshot, type Published } from './write-snapshot.ts';

export interface BuildSiteOptions {
  site: string;
  out: string;
  baseUrl: string;
  rootPath?: string;
  onStage?: (stage: string) => void;
}

export type BuildSiteOutcome =
  | { ok: true; published: Published; stats: BuildResult['stats']; warnings: BuildProblem[] }
  | { ok: false; errors: BuildProblem[]; warnings: BuildProblem[] };

export function formatProblem(problem: BuildProblem): string {
  return `${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.message}`;
}

export async function buildSite(options: BuildSiteOptions): Promise<BuildSiteOutcome> {
  options.onStage?.('reading site');
  const loaded = await loadSite(options.site, options.baseUrl, options.rootPath);
  options.onStage?.('rendering pages');
  const result = build(loaded.source);
  const errors = [...loaded.errors, ...result.errors];
  if (errors.length > 0) return { ok: false, errors, warnings: result.warnings };
  options.onStage?.('writing snapshot');
  const withDocument = { ...result, responses: [...result.responses, await openApiResponse()] };
  const published = await publishSnapshot(withDocument, { distDir: resolve(options.out), baseUrl: loaded.source.baseUrl, builtAt: new Date() });
  return { ok: true, published, stats: result.stats, warnings: result.warnings };
}
