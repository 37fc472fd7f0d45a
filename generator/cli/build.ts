// `npm run build`: publish a snapshot of a site folder, or print every problem as `path:line: message` and exit 1.
import {
  CommandFailure,
  parseBaseUrl,
  parseCommandLine,
  parseSeconds,
  runCommand,
  UsageError,
} from '../../terminal/command-line.ts';
import { buildSite, formatProblem } from '../resident/choose-build.ts';
import { startProgress } from './progress.ts';
import { HISTORY_OPTIONS, HISTORY_USAGE, parseHistoryPolicy } from './history-options.ts';
import { siteFolderProblem } from '../load/site-folder.ts';
import { outFolderProblem } from '../load/out-folder.ts';

const BUILD = {
  name: 'build',
  usage: `usage: snapi build [--site DIR] [--out DIR] [--base-url URL] [--root-path PATH] [--allow-empty] [--render-timeout SECONDS] [--keep-history N] [--keep-history-hours H] [--json]
       (npm run build -- … takes the same options)

Builds a snapshot of the Typemill site folder DIR and publishes it atomically into --out.
  --site DIR        the site folder, holding content/ and settings/ (default .)
  --out DIR         the snapshot folder the gateway serves (default ./dist)
  --base-url URL    scheme, host and optional sub-path of the public site (default http://localhost:8080)
  --root-path PATH  the install path reported in settings (default: the site folder's absolute path)
  --allow-empty     publish even when content/ holds no pages
  --render-timeout SECONDS  the longest one page may take to render; longer fails the build (default 10)
${HISTORY_USAGE}
  --json            print the summary as one JSON object

example: snapi build --site ./my-site --out ./dist --base-url https://docs.example.org`,
  options: {
    site: { type: 'string', default: '.' },
    out: { type: 'string', default: './dist' },
    'base-url': { type: 'string', default: 'http://localhost:8080' },
    'root-path': { type: 'string' },
    'allow-empty': { type: 'boolean', default: false },
    'render-timeout': { type: 'string' },
    json: { type: 'boolean', default: false },
    ...HISTORY_OPTIONS,
  },
} as const;

async function main(): Promise<number> {
  const options = parseCommandLine(BUILD, process.argv.slice(2));
  const site = String(options.site);
  const baseUrl = parseBaseUrl(String(options['base-url']));
  const allowEmpty = options['allow-empty'] === true;
  const history = parseHistoryPolicy(options);
  const renderTimeout =
    typeof options['render-timeout'] === 'string'
      ? { renderTimeoutSeconds: parseSeconds(options['render-timeout'], '--render-timeout') }
      : {};
  const folder = siteFolderProblem(site, { allowEmpty });
  if (folder !== undefined)
    throw folder.kind === 'usage'
      ? new UsageError(folder.message)
      : new CommandFailure(`${folder.message}; nothing was published`);
  const outProblem = outFolderProblem(site, String(options.out));
  if (outProblem !== undefined) throw new UsageError(outProblem);
  const started = performance.now();
  const progress = startProgress(process.stderr);
  const rootPath =
    typeof options['root-path'] === 'string' && options['root-path'] !== '' ? { rootPath: options['root-path'] } : {};
  const outcome = await buildSite({
    site,
    out: String(options.out),
    baseUrl,
    ...rootPath,
    ...renderTimeout,
    allowEmpty,
    history,
    onStage: progress.stage,
  }).finally(() => progress.stop());
  for (const warning of outcome.warnings) console.error(`warning: ${formatProblem(warning)}`);
  if (!outcome.ok) {
    for (const error of outcome.errors) console.error(`error: ${formatProblem(error)}`);
    console.error(
      `snapi build: ${outcome.errors.length} error(s); nothing was published, the current snapshot is unchanged.`,
    );
    return 1;
  }
  const seconds = Number(((performance.now() - started) / 1000).toFixed(2));
  const { published, stats } = outcome;
  const changes = {
    added: published.changes.added.length,
    changed: published.changes.changed.length,
    removed: published.changes.removed.length,
  };
  if (options.json) {
    console.log(
      JSON.stringify({
        snapshot: published.id,
        ...stats,
        responses: published.responses,
        files: published.files,
        bytes: published.bytes,
        seconds,
        changes,
      }),
    );
  } else {
    console.log(
      `snapi build: published ${published.id}: ${stats.pages} pages, ${stats.folders} folders, ${stats.drafts} drafts, ${stats.users} users, ${published.responses} responses in ${published.files} files (${published.bytes} bytes) in ${seconds} s; ${changes.added} added, ${changes.changed} changed, ${changes.removed} removed`,
    );
  }
  return 0;
}

runCommand(BUILD, async () => {
  try {
    return await main();
  } catch (error) {
    if (error instanceof UsageError || error instanceof CommandFailure) throw error;
    throw new CommandFailure(
      `failed: ${error instanceof Error ? error.message : String(error)}; the current snapshot is unchanged.`,
    );
  }
});
