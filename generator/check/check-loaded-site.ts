// Runs the pure build and the checker's rules over a loaded site; no file system access.
import { build } from '../build.ts';
import type { LoadedSite } from '../load.ts';
import { isDuplicateUrlWarning } from '../site/duplicate-urls.ts';
import { parseSources } from '../site/parse-sources.ts';
import { buildSiteModel } from '../site/site-model.ts';
import { checkSite } from './check-site.ts';
import { sortFindings } from './findings.ts';
import type { Finding } from './findings.ts';

export function checkLoadedSite(loaded: LoadedSite): Finding[] {
  const result = build(loaded.source);
  const model = buildSiteModel(loaded.source, parseSources(loaded.source));
  return sortFindings(checkSite({
    source: loaded.source,
    problems: [...loaded.errors, ...result.errors],
    // The checker reports duplicate URLs itself, as errors; the build's warning would say it twice.
    warnings: result.warnings.filter((warning) => !isDuplicateUrlWarning(warning)),
    draftTree: model.draftTree,
    basePath: model.basePath,
    responses: result.responses,
  }));
}
