// `npx tsx test/bench/search-bench.ts [--pages 4000] [--seconds 8] [--reuse]`: the search rows of `npm run bench`
// alone,
// on the same generated site; --reuse keeps a snapshot built before (the site is deterministic) and its build time.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT, snapiBuildArgs } from './build-bench.ts';
import { makeSite } from './make-site.ts';
import { measureRun } from './measure.ts';
import { formatReport } from './report.ts';
import { measureSearch, searchRows } from './search-rows.ts';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '4000' },
    seconds: { type: 'string', default: '8' },
    reuse: { type: 'boolean', default: false },
  },
});

const workDir = join(PROJECT_ROOT, 'test', '.tmp', 'search-bench');
mkdirSync(workDir, { recursive: true });
const log = (line: string) => console.error(`[search-bench] ${line}`);
const taskset = spawnSync('sh', ['-c', 'command -v taskset'], { encoding: 'utf8' }).stdout.trim() !== '';
const tools = { taskset, eleventy: { missing: 'unused' }, hugo: { missing: 'unused' }, nginx: { missing: 'unused' } };

const dist = join(workDir, `dist-${values.pages}`);
const buildFile = join(workDir, `build-${values.pages}.json`);
const reuse = values.reuse && existsSync(join(dist, 'current')) && existsSync(buildFile);
log(`making a ${values.pages}-page site`);
const site = makeSite({ directory: join(workDir, 'site'), pages: Number(values.pages) });
if (!reuse) {
  // A full build, as the build benchmark measures it: an output folder left from a run before holds its render cache.
  rmSync(dist, { recursive: true, force: true });
  log('full build (with the search index)');
  writeFileSync(
    buildFile,
    JSON.stringify(await measureRun(process.execPath, snapiBuildArgs(site.site, dist), PROJECT_ROOT)),
  );
}
const build = JSON.parse(readFileSync(buildFile, 'utf8')) as { wallMs: number; cpuMs: number };
const seconds = Number(values.seconds);
const figures = await measureSearch({
  site,
  dist,
  buildMs: build.wallMs,
  buildCpuMs: build.cpuMs,
  tools,
  workDir,
  seconds,
  warmupSeconds: Math.min(2, seconds),
  log,
});
const rows = searchRows(figures);
console.log(`\n${formatReport(rows, undefined, undefined)}`);
writeFileSync(
  join(import.meta.dirname, 'search-results.json'),
  JSON.stringify({ date: new Date().toISOString(), build, figures, targets: rows }, null, 2) + '\n',
);
