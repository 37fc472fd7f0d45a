// `npx tsx test/bench/search-memory.ts --dist DIR [--runs 3]`: the gateway bundle started on a built snapshot (with its
// search index) `runs` times: spawn to listening and RSS once loaded, each run and the median. Build a 40,000-page
// snapshot with `--make 40000`: the site of `makeSite({ pages, seed: 10 })` (docs/performance.md) built into DIR.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from './build-bench.ts';
import { buildMadeSite } from './made-dist.ts';
import { memoryOf, startGatewayProcess } from './servers.ts';

const PORT = 18_741;
const { values } = parseArgs({
  options: { dist: { type: 'string' }, runs: { type: 'string', default: '3' }, make: { type: 'string' } },
});
if (values.dist === undefined) {
  console.error('search-memory: --dist is required');
  process.exit(2);
}
const log = (line: string) => console.error(`[search-memory] ${line}`);
if (values.make !== undefined) await buildMadeSite('search-memory', Number(values.make), values.dist, log);
spawnSync('npm', ['run', 'bundle'], { cwd: PROJECT_ROOT, stdio: 'ignore' });
const taskset = spawnSync('sh', ['-c', 'command -v taskset'], { encoding: 'utf8' }).stdout.trim() !== '';
const tools = { taskset, eleventy: { missing: 'unused' }, hugo: { missing: 'unused' }, nginx: { missing: 'unused' } };
const runs: Array<{ startMs: number; rssMb: number }> = [];
for (let run = 0; run < Number(values.runs); run++) {
  const server = await startGatewayProcess(tools, values.dist, PORT);
  // The loader's garbage is collected when V8 next decides to; RSS is read as a caller would see it after start.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const figures = { startMs: server.startMs, rssMb: memoryOf(server.process.pid).rssMb };
  await server.stop();
  log(`run ${run + 1}: started in ${figures.startMs.toFixed(0)} ms, RSS after load ${figures.rssMb.toFixed(1)} MB`);
  runs.push(figures);
}
const median = (numbers: number[]) => [...numbers].sort((left, right) => left - right)[numbers.length >> 1]!;
console.log(
  JSON.stringify({
    startMs: Math.round(median(runs.map((run) => run.startMs))),
    rssMb: Math.round(median(runs.map((run) => run.rssMb)) * 10) / 10,
    runs,
  }),
);
