// `npm run check`: checks a site folder without publishing; prints `path:line: severity: message`, exits 1 on errors.
import { parseArgs } from 'node:util';
import { checkLoadedSite } from '../check/check-loaded-site.ts';
import { countBySeverity, formatFinding } from '../check/findings.ts';
import { loadSite } from '../load.ts';

const USAGE = 'usage: npm run check -- [--site DIR] [--base-url URL]';

function parseOptions() {
  try {
    const { values } = parseArgs({
      options: {
        site: { type: 'string', default: '.' },
        'base-url': { type: 'string', default: 'http://localhost:8080' },
      },
    });
    new URL(values['base-url']);
    return values;
  } catch (error) {
    console.error(`snapi check: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const options = parseOptions();
  const findings = checkLoadedSite(await loadSite(options.site, options['base-url']));
  for (const finding of findings) console.log(formatFinding(finding));
  const counts = countBySeverity(findings);
  console.error(`snapi check: ${counts.error} error(s), ${counts.warning} warning(s), ${counts.info} note(s) in ${options.site}`);
  process.exit(counts.error > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(`snapi check: failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
