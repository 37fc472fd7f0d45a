// `npm run bench [-- --quick] [-- --gateway-only] [-- --gateway-pages N]`: makes the sites, runs the build and gateway
// benchmarks, prints the table, writes results.json.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT, runBuildBench, snapiBuildArgs } from './build-bench.ts';
import { measureGatewayMemory, runGatewayBench } from './gateway-bench.ts';
import { benchUsers, makeSite } from './make-site.ts';
import { measureRun } from './measure.ts';
import {
  buildRows,
  devRows,
  formatReport,
  gatewayMemoryRows,
  gatewayRows,
  publishRows,
  reloadRow,
  scaleRows,
} from './report.ts';
import { runReloadBench } from './reload-bench.ts';
import { feedFirstAnswerRow, runFeedFirstAnswer } from './feed-first-answer.ts';
import { runWebhookLatency, webhookRows } from './webhook-latency.ts';
import { runPublishBench } from './publish-bench.ts';
import { measureDevLatency } from './dev-latency.ts';
import { DEMO_USERS } from '../../generator/cli/demo-users.ts';
import { runScaleBench, scaleOutDir } from './scale-bench.ts';
import { pathologicalRows } from './markdown-pathological.ts';
import { runSearchRows } from './search-rows.ts';
import { ensureTools } from './tools.ts';
import { runOpsBench } from './ops-bench.ts';

const FULL = {
  devEdits: 20,
  publishPages: 400,
  pages: 4000,
  gatewayPages: 10_000,
  warmups: 1,
  rounds: 3,
  durationSeconds: 8,
  warmupSeconds: 2,
  gatewayRounds: 2,
  startups: 3,
};
const QUICK = {
  devEdits: 5,
  publishPages: 100,
  pages: 300,
  gatewayPages: 600,
  warmups: 0,
  rounds: 1,
  durationSeconds: 2,
  warmupSeconds: 1,
  gatewayRounds: 1,
  startups: 1,
};

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'gateway-only': { type: 'boolean', default: false },
    'gateway-pages': { type: 'string' },
    'reuse-snapshot': { type: 'boolean', default: false },
    // --scale 4000,20000,40000: also builds sites of these sizes (minutes each; the 40,000-page site is 1.2 GB).
    scale: { type: 'string' },
  },
});
const gatewayPages = values['gateway-pages'] === undefined ? undefined : Number(values['gateway-pages']);
if (gatewayPages !== undefined && !(Number.isInteger(gatewayPages) && gatewayPages > 0)) {
  console.error(`bench: --gateway-pages "${values['gateway-pages']}" is not a positive whole number`);
  process.exit(1);
}
const settings = { ...(values.quick ? QUICK : FULL), ...(gatewayPages === undefined ? {} : { gatewayPages }) };
const workDir = join(PROJECT_ROOT, 'test', '.tmp', 'bench');
const started = performance.now();
const log = (line: string) =>
  console.error(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
mkdirSync(workDir, { recursive: true });

const tools = ensureTools(join(PROJECT_ROOT, 'test', '.tmp', 'bench-tools'), log, !values['gateway-only']);
const rows = [];
let build: Awaited<ReturnType<typeof runBuildBench>> | undefined;
if (!values['gateway-only']) {
  log(`making a ${settings.pages}-page site`);
  const site = makeSite({ directory: join(workDir, 'site-build'), pages: settings.pages });
  log('build benchmark');
  build = await runBuildBench(
    { site, workDir, tools, warmups: settings.warmups, rounds: settings.rounds, log },
    site.samplePages,
  );
  rows.push(...buildRows(build, settings.pages));
  // The dev loop: saves under `npm run dev`, on the sample site and on the generated site of the build rows.
  log('dev loop on the sample site');
  const admin = DEMO_USERS.find((user) => user.role === 'administrator')!;
  const sampleDev = await measureDevLatency({
    site: PROJECT_ROOT,
    page: join('content', '00-getting-started', '04-faq.md'),
    user: admin,
    edits: settings.devEdits,
  });
  log(`dev loop on the ${settings.pages}-page site`);
  const benchAdmin = site.users.find((user) => user.role === 'administrator')!;
  const generatedDev = await measureDevLatency({
    site: site.site,
    page: relative(site.site, site.samplePages[0]!),
    user: benchAdmin,
    edits: settings.devEdits,
    log,
  });
  log(`snapi watch beside a gateway on the ${settings.pages}-page site`);
  const generatedWatch = await measureDevLatency({
    site: site.site,
    page: relative(site.site, site.samplePages[0]!),
    user: benchAdmin,
    edits: settings.devEdits,
    mode: 'watch',
    log,
  });
  rows.push(
    ...devRows([
      { label: 'the sample site', figures: sampleDev },
      { label: `the ${settings.pages}-page site`, figures: generatedDev },
      { label: `the ${settings.pages}-page site`, figures: generatedWatch, command: 'snapi watch' },
    ]),
  );
  log(`publish to a local S3 server and follow: ${settings.publishPages} pages`);
  rows.push(...publishRows(await runPublishBench(settings.publishPages, join(workDir, 'publish'))));
  log(`gateway reload after a one-page publish: ${settings.pages} pages`);
  rows.push(reloadRow(await runReloadBench(settings.pages, 3, join(workDir, 'reload'))));
  log(`change feed and webhooks: ${settings.pages} pages, 100 one-page edits`);
  rows.push(feedFirstAnswerRow(await runFeedFirstAnswer(settings.pages, 100, join(workDir, 'feed'))));
  log(`webhooks beside snapi watch, each in its own process: ${settings.pages} pages`);
  rows.push(...webhookRows(await runWebhookLatency(settings.pages, settings.devEdits, join(workDir, 'webhooks'), log)));
  rows.push(
    ...(await runSearchRows({
      site,
      dist: join(workDir, 'out-snapi'),
      buildMs: build.snapi.wallMs,
      buildCpuMs: build.snapi.cpuMs,
      tools,
      workDir,
      seconds: settings.durationSeconds,
      warmupSeconds: settings.warmupSeconds,
      log,
    })),
  );
}

if (!values['gateway-only']) {
  log('pathological markdown');
  rows.push(...pathologicalRows());
}

const scaleSizes = (values.scale ?? '')
  .split(',')
  .filter((size) => size !== '')
  .map(Number);
if (scaleSizes.some((size) => !Number.isInteger(size) || size < 1))
  throw new Error(`--scale wants page counts such as 4000,20000: "${values.scale}"`);
const scale = await runScaleBench({ sizes: scaleSizes, workDir, reuse: true, keepLargest: true, log });
rows.push(...scaleRows(scale));
const largestScale = Math.max(0, ...scaleSizes);
// The dev loop at the largest scale (its first build takes minutes): a saved page within a second at 40,000 pages.
if (largestScale >= 40_000) {
  const large = makeSite({ directory: join(workDir, `scale-site-${largestScale}`), pages: largestScale });
  log(`dev loop on the ${largestScale}-page site`);
  const largeDev = await measureDevLatency({
    site: large.site,
    page: relative(large.site, large.samplePages[0]!),
    user: large.users.find((user) => user.role === 'administrator')!,
    edits: settings.devEdits,
    log,
  });
  rows.push(...devRows([{ label: `the ${largestScale}-page site`, figures: largeDev, limitMs: 1000 }]));
}

const gatewayDist = join(workDir, `out-gateway-${settings.gatewayPages}`);
// --reuse-snapshot: the site is deterministic, so a snapshot built from the same page count before is the same
// snapshot.
if (!values['reuse-snapshot'] || !existsSync(join(gatewayDist, 'current'))) {
  log(`making a ${settings.gatewayPages}-page site and building its snapshot for the gateway`);
  const gatewaySite = makeSite({
    directory: join(workDir, `site-gateway-${settings.gatewayPages}`),
    pages: settings.gatewayPages,
    seed: 10,
  });
  await measureRun(process.execPath, snapiBuildArgs(gatewaySite.site, gatewayDist), PROJECT_ROOT);
}
// The bench runs what `npm run serve` runs: the bundle, rebuilt here so it never measures stale sources.
execFileSync(process.execPath, [join(PROJECT_ROOT, 'gateway', 'cli', 'bundle-gateway.mjs')], {
  cwd: PROJECT_ROOT,
  stdio: 'ignore',
});
log('gateway benchmark');
const gateway = await runGatewayBench({
  dist: gatewayDist,
  users: benchUsers(),
  tools,
  workDir,
  connections: 50,
  durationSeconds: settings.durationSeconds,
  warmupSeconds: settings.warmupSeconds,
  rounds: settings.gatewayRounds,
  startups: settings.startups,
  log,
});
rows.push(...gatewayRows(gateway, settings.gatewayPages));
log('metrics on / off and API token rows');
rows.push(...(await runOpsBench({ tools, workDir, seconds: settings.durationSeconds, log })));
// The largest scale site's snapshot: the gateway's start-up and memory where they are hardest (40,000 pages).
if (largestScale > settings.gatewayPages) {
  log(`gateway start-up and memory on the ${largestScale}-page snapshot`);
  const memory = await measureGatewayMemory({
    dist: scaleOutDir(workDir, largestScale),
    pages: largestScale,
    users: benchUsers(),
    tools,
    workDir,
    connections: 50,
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
    log,
  });
  rows.push(...gatewayMemoryRows(memory));
}

const machine = {
  cores: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  node: process.version,
  loadAverage: loadavg(),
};
const report = formatReport(rows, build, gateway);
const flags = [values.quick ? 'quick' : '', values['gateway-only'] ? 'gateway only' : ''].filter(Boolean).join(', ');
console.log(
  `\nsnapi benchmark${flags ? ` (${flags})` : ''}: ${machine.cores} cores, ${machine.cpu}, Node ${machine.node}, load average at the end ${machine.loadAverage.map((load) => load.toFixed(1)).join(' ')}, ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
);
console.log(report);
const resultsFile = join(
  import.meta.dirname,
  values.quick ? 'results-quick.json' : values['gateway-only'] ? 'results-gateway.json' : 'results.json',
);
writeFileSync(
  resultsFile,
  JSON.stringify(
    { date: new Date().toISOString(), quick: values.quick, machine, settings, targets: rows, build, gateway },
    null,
    2,
  ) + '\n',
);
console.log(`figures written to ${resultsFile}`);
