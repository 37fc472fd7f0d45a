// Runs the pure build and the checker's rules over a loaded site; no file system access.
import { finishBuild, planBuild, renderPages } from '../build.ts';
import type { LoadedSite } from '../load.ts';
import { isDuplicateUrlWarning } from '../site/duplicate-urls.ts';
import { checkSite } from './check-site.ts';
import { sortFindings } from './findings.ts';
import type { Finding } from './findings.ts';

export function checkLoadedSite(loaded: LoadedSite): Finding[] {
  const plan = planBuild(loaded.source);
  const result = finishBuild(plan, renderPages(plan));
  return sortFindings(checkSite({
    source: loaded.source,
    problems: [...loaded.errors, ...result.errors],
    // The checker reports duplicate URLs itself, as errors; the build's warning would say it twice.
    warnings: result.warnings.filter((warning) => !isDuplicateUrlWarning(warning)),
    draftTree: plan.model.draftTree,
    basePath: plan.model.basePath,
    responses: result.responses,
  }));
}
