// `npm run build`: load the site, build every response, publish the snapshot; problems name file and line.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { build } from './build.ts';
import { loadSite } from './load.ts';
import { startProgress } from './progress.ts';
import type { BuildProblem } from './types.ts';
import { publishSnapshot } from './write-snapshot.ts';

const USAGE = 'usage: npm run build -- [--site DIR] [--out DIR] [--base-url URL] [--root-path PATH] [--json]';

function formatProblem(problem: BuildProblem): string {
  return `${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.message}`;
}

function parseOptions() {
  try {
    const { values } = parseArgs({
      options: {
        site: { type: 'string', default: '.' },
        out: { type: 'string', default: './dist' },
        'base-url': { type: 'string', default: 'http://localhost:8080' },
        'root-path': { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    });
    new URL(values['base-url']);
    return values;
  } catch (error) {
    console.error(`snapi build: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const options = parseOptions();
  const started = performance.now();
  const progress = startProgress(process.stderr);
  progress.stage('reading site');
  const loaded = await loadSite(options.site, options['base-url'], options['root-path']);
  progress.stage('rendering pages');
  const result = build(loaded.source);
  const errors = [...loaded.errors, ...result.errors];
  for (const warning of result.warnings) console.error(`warning: ${formatProblem(warning)}`);
  if (errors.length > 0) {
    progress.stop();
    for (const error of errors) console.error(`error: ${formatProblem(error)}`);
    console.error(`snapi build: ${errors.length} error(s); nothing was published, the current snapshot is unchanged.`);
    process.exit(1);
  }
  progress.stage('writing snapshot');
  const published = await publishSnapshot(result, { distDir: resolve(options.out), baseUrl: loaded.source.baseUrl, builtAt: new Date() });
  progress.stop();
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const summary = { snapshot: published.id, ...result.stats, responses: published.responses, files: published.files, bytes: published.bytes, seconds: Number(seconds) };
  if (options.json) console.log(JSON.stringify(summary));
  else console.log(`snapi build: published ${published.id}: ${result.stats.pages} pages, ${result.stats.folders} folders, ${result.stats.drafts} drafts, ${result.stats.users} users, ${published.responses} responses in ${published.files} files (${published.bytes} bytes) in ${seconds} s`);
}

main().catch((error: unknown) => {
  console.error(`snapi build: failed: ${(error as Error).message ?? String(error)}; the current snapshot is unchanged.`);
  process.exit(1);
});
