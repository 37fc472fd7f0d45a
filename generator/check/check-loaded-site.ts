// Runs the pure build and the checker's rules over a loaded site; no file system access. Its errors and warnings are
// exactly the build's; the checker only adds hints the build does not act on.
import { finishBuild, planBuild, renderPages } from '../build.ts';
import type { LoadedSite } from '../load/load-site.ts';
import { checkSite } from './check-site.ts';
import { sortFindings } from './findings.ts';
import type { Finding } from './findings.ts';

export function checkLoadedSite(loaded: Pick<LoadedSite, 'source' | 'errors'>): Finding[] {
  const plan = planBuild(loaded.source);
  const result = finishBuild(plan, renderPages(plan));
  return sortFindings(
    checkSite({
      source: loaded.source,
      problems: [...loaded.errors, ...result.errors],
      warnings: result.warnings,
      draftTree: plan.model.draftTree,
      basePath: plan.model.basePath,
      responses: result.responses,
    }),
  );
}
