// `npm run check`: runs the build's own rules on a site folder without publishing; prints `path:line: severity:
// message` per finding and exits 1 exactly when `npm run build` would refuse the site.
import { CommandFailure, parseBaseUrl, parseCommandLine, runCommand, UsageError } from '../../terminal/command-line.ts';
import { checkLoadedSite } from '../check/check-loaded-site.ts';
import { countBySeverity, formatFinding } from '../check/findings.ts';
import { loadSite } from '../load/load-site.ts';
import { siteFolderProblem } from '../load/site-folder.ts';

const CHECK = {
  name: 'check',
  usage: `usage: snapi check [--site DIR] [--base-url URL] [--allow-empty]
       (npm run check -- … takes the same options)

Checks a site folder with the build's rules (and a few more hints: dead links, untitled pages) without publishing.
Exits 1 when the build would refuse the site.
  --site DIR        the site folder, holding content/ and settings/ (default .)
  --base-url URL    as for npm run build (default http://localhost:8080)
  --allow-empty     accept a content/ folder without pages, as npm run build --allow-empty does

example: snapi check --site ./my-site`,
  options: {
    site: { type: 'string', default: '.' },
    'base-url': { type: 'string', default: 'http://localhost:8080' },
    'allow-empty': { type: 'boolean', default: false },
  },
} as const;

runCommand(CHECK, async () => {
  const options = parseCommandLine(CHECK, process.argv.slice(2));
  const site = String(options.site);
  const baseUrl = parseBaseUrl(String(options['base-url']));
  const folder = siteFolderProblem(site, { allowEmpty: options['allow-empty'] === true });
  if (folder !== undefined)
    throw folder.kind === 'usage' ? new UsageError(folder.message) : new CommandFailure(folder.message);
  const findings = checkLoadedSite(await loadSite(site, baseUrl));
  for (const finding of findings) console.log(formatFinding(finding));
  const counts = countBySeverity(findings);
  console.error(
    `snapi check: ${counts.error} error(s), ${counts.warning} warning(s), ${counts.info} note(s) in ${site}`,
  );
  return counts.error > 0 ? 1 : 0;
});
