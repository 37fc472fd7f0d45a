// `npm run build`: publish a snapshot of a site folder, or print every problem as `path:line: message` and exit 1.
import { parseArgs } from 'node:util';
import { buildSite, formatProblem } from '../build-site.ts';
import { startProgress } from '../progress.ts';

const USAGE = 'usage: npm run build -- [--site DIR] [--out DIR] [--base-url URL] [--root-path PATH] [--render-timeout SECONDS] [--json]';

function parseOptions() {
  try {
    const { values } = parseArgs({
      options: {
        site: { type: 'string', default: '.' },
        out: { type: 'string', default: './dist' },
        'base-url': { type: 'string', default: 'http://localhost:8080' },
        'root-path': { type: 'string' },
        'render-timeout': { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    });
    const baseUrl = new URL(values['base-url']);
    if (baseUrl.protocol !== 'http:' && baseUrl.protocol !== 'https:') throw new Error(`--base-url must be http or https: "${values['base-url']}"`);
    const renderTimeout = values['render-timeout'] === undefined ? undefined : Number(values['render-timeout']);
    if (renderTimeout !== undefined && !(renderTimeout > 0)) throw new Error(`--render-timeout must be a positive number of seconds: "${values['render-timeout']}"`);
    return { ...values, renderTimeout };
  } catch (error) {
    console.error(`snapi build: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const options = parseOptions();
  const started = performance.now();
  const progress = startProgress(process.stderr);
  const outcome = await buildSite({
    site: options.site, out: options.out, baseUrl: options['base-url'],
    ...(options['root-path'] ? { rootPath: options['root-path'] } : {}), onStage: progress.stage,
    ...(options.renderTimeout !== undefined ? { renderTimeoutSeconds: options.renderTimeout } : {}),
  });
  progress.stop();
  for (const warning of outcome.warnings) console.error(`warning: ${formatProblem(warning)}`);
  if (!outcome.ok) {
    for (const error of outcome.errors) console.error(`error: ${formatProblem(error)}`);
    console.error(`snapi build: ${outcome.errors.length} error(s); nothing was published, the current snapshot is unchanged.`);
    process.exit(1);
  }
  const seconds = Number(((performance.now() - started) / 1000).toFixed(2));
  const { published, stats } = outcome;
  const changes = { added: published.changes.added.length, changed: published.changes.changed.length, removed: published.changes.removed.length };
  if (options.json) {
    console.log(JSON.stringify({ snapshot: published.id, ...stats, responses: published.responses, files: published.files, bytes: published.bytes, seconds, changes }));
  } else {
    console.log(`snapi build: published ${published.id}: ${stats.pages} pages, ${stats.folders} folders, ${stats.drafts} drafts, ${stats.users} users, ${published.responses} responses in ${published.files} files (${published.bytes} bytes) in ${seconds} s; ${changes.added} added, ${changes.changed} changed, ${changes.removed} removed`);
  }
}

main().catch((error: unknown) => {
  console.error(`snapi build: failed: ${error instanceof Error ? error.message : String(error)}; the current snapshot is unchanged.`);
  process.exit(1);
});
