// `npm run bench [-- --quick]`: makes the sites, runs the build and gateway benchmarks, prints the table, writes results.json.
import { cpus } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT, runBuildBench, snapiBuildArgs } from './build-bench.ts';
import { runGatewayBench } from './gateway-bench.ts';
import { makeSite } from './make-site.ts';
import { measureRun } from './measure.ts';
import { formatReport, targetRows } from './report.ts';
import { runScaleBench } from './scale-bench.ts';
import { ensureTools } from './tools.ts';

const FULL = { pages: 4000, gatewayPages: 10_000, warmups: 1, rounds: 3, durationSeconds: 8, warmupSeconds: 2, gatewayRounds: 2, startups: 3 };
const QUICK = { pages: 300, gatewayPages: 600, warmups: 0, rounds: 1, durationSeconds: 2, warmupSeconds: 1, gatewayRounds: 1, startups: 1 };

// --scale 4000,20000,40000: also builds sites of these sizes (minutes each; the 40,000-page site is 1.2 GB).
const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, scale: { type: 'string' } } });
const settings = values.quick ? QUICK : FULL;
const workDir = join(PROJECT_ROOT, 'test', '.tmp', 'bench');
const started = performance.now();
const log = (line: string) => console.error(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
mkdirSync(workDir, { recursive: true });

const tools = ensureTools(join(PROJECT_ROOT, 'test', '.tmp', 'bench-tools'), log);
log(`making a ${settings.pages}-page site and a ${settings.gatewayPages}-page site`);
const site = makeSite({ directory: join(workDir, 'site-build'), pages: settings.pages });
const gatewaySite = makeSite({ directory: join(workDir, 'site-gateway'), pages: settings.gatewayPages, seed: 10 });

log('build benchmark');
const build = await runBuildBench({ site, workDir, tools, warmups: settings.warmups, rounds: settings.rounds, log }, site.samplePages);

const scaleSizes = (values.scale ?? '').split(',').filter((size) => size !== '').map(Number);
if (scaleSizes.some((size) => !Number.isInteger(size) || size < 1)) throw new Error(`--scale wants page counts such as 4000,20000: "${values.scale}"`);
const scale = await runScaleBench({ sizes: scaleSizes, workDir, reuse: true, log });

log(`building the ${settings.gatewayPages}-page snapshot for the gateway`);
const gatewayDist = join(workDir, 'out-gateway');
await measureRun(process.execPath, snapiBuildArgs(gatewaySite.site, gatewayDist), PROJECT_ROOT);
log('gateway benchmark');
const gateway = await runGatewayBench({
  dist: gatewayDist, users: gatewaySite.users, tools, workDir, connections: 50,
  durationSeconds: settings.durationSeconds, warmupSeconds: settings.warmupSeconds, rounds: settings.gatewayRounds, startups: settings.startups, log,
});

const rows = targetRows(build, gateway, settings.pages, settings.gatewayPages, scale);
const machine = { cores: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version };
const report = formatReport(rows, build, gateway, scale);
console.log(`\nsnapi benchmark${values.quick ? ' (quick)' : ''}: ${machine.cores} cores, ${machine.cpu}, Node ${machine.node}, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
console.log(report);
const resultsFile = join(import.meta.dirname, values.quick ? 'results-quick.json' : 'results.json');
writeFileSync(resultsFile, JSON.stringify({ date: new Date().toISOString(), quick: values.quick, machine, settings, targets: rows, build, scale, gateway }, null, 2) + '\n');
console.log(`figures written to ${resultsFile}`);
