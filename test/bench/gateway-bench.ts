// Gateway benchmark: snapi vs a bare node:http server vs nginx under the same mixed load; the wrong-password flood; start-up and memory.
import { spawn } from 'node:child_process';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_LAYOUT, type SnapshotIndex } from '../../gateway/snapshot/contract.ts';
import { KEYS, keyOf } from '../../gateway/api/endpoints.ts';
import { PROJECT_ROOT } from './build-bench.ts';
import type { LoadFigures, LoadPlan } from './load-client.ts';
import type { BenchUser } from './make-site.ts';
import { median } from './measure.ts';
import { CLIENT_CORE, memoryOf, startBareServer, startGatewayProcess, startNginx, type RunningServer } from './servers.ts';
import { pinned, type Tools } from './tools.ts';

export interface GatewayBenchOptions {
  dist: string;
  users: readonly BenchUser[];
  tools: Tools;
  workDir: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  rounds: number;
  startups: number;
  log: (line: string) => void;
}

export interface ServerFigures extends LoadFigures {
  rssMb: number;
}

export interface GatewayBenchResult {
  requestsInMix: number;
  snapi: ServerFigures;
  bare: ServerFigures;
  nginx: ServerFigures | { missing: string };
  flood: { withoutP99Ms: number; withP99Ms: number; withoutRps: number; withRps: number };
  startup: { startMs: number; rssMb: number; responses: number };
}

const PORT = 18_080;

interface MixedRequest {
  key: string;
  path: string;
}

/** Content of up to 1,000 different pages, with their item and meta every fourth page, and both navigations once. */
function mixedRequests(index: SnapshotIndex): MixedRequest[] {
  const prefix = keyOf(KEYS.contentLive, '');
  const urls = Object.keys(index.entries).filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length)).slice(0, 1000);
  const api = (path: string, url?: string) => `/api/v1/${path}${url === undefined ? '' : `?url=${encodeURIComponent(url)}`}`;
  const requests: MixedRequest[] = [
    { key: keyOf(KEYS.navigationLive), path: api('navigation') },
    { key: keyOf(KEYS.navigationDraft), path: api('navigation') + '?draft=true' },
  ];
  urls.forEach((url, position) => {
    requests.push({ key: keyOf(KEYS.contentLive, url), path: api('article/content', url) });
    if (position % 4 === 1) requests.push({ key: keyOf(KEYS.item, url), path: api('article/item', url) });
    if (position % 4 === 3) requests.push({ key: keyOf(KEYS.meta, url), path: api('article/meta', url) });
  });
  return requests;
}

/** What most HTTP client libraries send by default; the gateway answers with the stored brotli body (nginx: gzip). */
const ACCEPT_ENCODING = 'gzip, br';

function authorization(user: BenchUser): string {
  return `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;
}

async function runLoad(options: GatewayBenchOptions, plan: LoadPlan): Promise<LoadFigures> {
  const planFile = join(options.workDir, `load-plan-${Date.now()}.json`);
  await writeFile(planFile, JSON.stringify(plan));
  const [command, args] = pinned(options.tools, CLIENT_CORE, process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'load-client.ts'), planFile]);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`load client exited ${code}`))));
  });
  await rm(planFile, { force: true });
  return JSON.parse(output.trim().split('\n').pop() ?? '{}') as LoadFigures;
}

async function measureServer(options: GatewayBenchOptions, start: () => Promise<RunningServer>, requests: LoadPlan['requests']): Promise<ServerFigures> {
  const server = await start();
  try {
    const plan = { url: `http://127.0.0.1:${PORT}`, connections: options.connections, requests };
    await runLoad(options, { ...plan, durationSeconds: options.warmupSeconds });
    const figures = await runLoad(options, { ...plan, durationSeconds: options.durationSeconds });
    return { ...figures, rssMb: memoryOf(server.process.pid).rssMb };
  } finally {
    await server.stop();
  }
}

function medianServer(runs: readonly ServerFigures[]): ServerFigures {
  const of = (field: keyof ServerFigures) => median(runs.map((run) => run[field]));
  return { requestsPerSecond: of('requestsPerSecond'), p50Ms: of('p50Ms'), p99Ms: of('p99Ms'), errors: of('errors'), non2xx: of('non2xx'), total: of('total'), rssMb: of('rssMb') };
}

/** Hard-links each request's identity body to `r/<n>.json` and its gzip sibling to `r/<n>.json.gz` (nginx's
 *  gzip_static; Debian's nginx has no brotli), so nginx serves the same bytes by a plain path. */
async function nginxRoot(options: GatewayBenchOptions, index: SnapshotIndex, snapshotDir: string, requests: readonly MixedRequest[]): Promise<string> {
  const root = join(options.workDir, 'nginx-root');
  await rm(root, { recursive: true, force: true });
  await mkdir(join(root, 'r'), { recursive: true });
  await Promise.all(requests.map(async (request, position) => {
    const entry = index.entries[request.key]!;
    await link(join(snapshotDir, entry.file), join(root, 'r', `${position}.json`));
    if (entry.gzip) await link(join(snapshotDir, entry.gzip.file), join(root, 'r', `${position}.json.gz`));
  }));
  return root;
}

async function floodCase(options: GatewayBenchOptions, requests: LoadPlan['requests']): Promise<GatewayBenchResult['flood']> {
  const server = await startGatewayProcess(options.tools, options.dist, PORT);
  const plan = { url: `http://127.0.0.1:${PORT}`, connections: options.connections, requests, durationSeconds: options.durationSeconds };
  try {
    await runLoad(options, { ...plan, durationSeconds: options.warmupSeconds });
    const without = await runLoad(options, plan);
    const [command, args] = pinned(options.tools, CLIENT_CORE, process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'flood-client.ts'), `${plan.url}/api/v1/navigation`, '8']);
    const flood = spawn(command, args, { stdio: 'ignore' });
    // The first failures run bcrypt until the limiter blocks the address; measure the sustained flood after that.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const during = await runLoad(options, plan);
    flood.kill('SIGTERM');
    return { withoutP99Ms: without.p99Ms, withP99Ms: during.p99Ms, withoutRps: without.requestsPerSecond, withRps: during.requestsPerSecond };
  } finally {
    await server.stop();
  }
}

export async function runGatewayBench(options: GatewayBenchOptions): Promise<GatewayBenchResult> {
  const snapshotDir = join(options.dist, DIST_LAYOUT.currentLink);
  const index = JSON.parse(await readFile(join(snapshotDir, DIST_LAYOUT.indexFile), 'utf8')) as SnapshotIndex;
  const mixed = mixedRequests(index);
  const readers = options.users.filter((user) => ['author', 'editor', 'administrator'].includes(user.role));
  const apiRequests = mixed.map((request, position) => ({
    path: request.path,
    headers: { Authorization: authorization(readers[position % readers.length]!), 'Accept-Encoding': ACCEPT_ENCODING },
  }));
  const nginx = options.tools.nginx;
  const root = 'path' in nginx ? await nginxRoot(options, index, snapshotDir, mixed) : '';
  const nginxRequests = mixed.map((_request, position) => ({ path: `/r/${position}.json`, headers: { 'Accept-Encoding': ACCEPT_ENCODING } }));

  const runs = { snapi: [] as ServerFigures[], bare: [] as ServerFigures[], nginx: [] as ServerFigures[] };
  for (let round = 0; round < options.rounds; round++) {
    runs.snapi.push(await measureServer(options, () => startGatewayProcess(options.tools, options.dist, PORT), apiRequests));
    runs.bare.push(await measureServer(options, () => startBareServer(options.tools, PORT), apiRequests));
    if ('path' in nginx) runs.nginx.push(await measureServer(options, () => startNginx(options.tools, nginx.path, options.workDir, root, PORT), nginxRequests));
    const last = (list: ServerFigures[]) => (list.length ? `${Math.round(list[list.length - 1]!.requestsPerSecond)} req/s` : 'n/a');
    options.log(`  round ${round + 1}: snapi ${last(runs.snapi)}, bare ${last(runs.bare)}, nginx ${last(runs.nginx)}`);
  }
  const flood = await floodCase(options, apiRequests);
  options.log(`  flood: p99 ${flood.withoutP99Ms} ms without, ${flood.withP99Ms} ms with`);

  const startups: Array<{ startMs: number; rssMb: number }> = [];
  for (let attempt = 0; attempt < options.startups; attempt++) {
    const server = await startGatewayProcess(options.tools, options.dist, PORT);
    startups.push({ startMs: server.startMs, rssMb: memoryOf(server.process.pid).rssMb });
    await server.stop();
  }
  return {
    requestsInMix: mixed.length,
    snapi: medianServer(runs.snapi),
    bare: medianServer(runs.bare),
    nginx: 'path' in nginx ? medianServer(runs.nginx) : { missing: nginx.missing },
    flood,
    startup: { startMs: median(startups.map((run) => run.startMs)), rssMb: median(startups.map((run) => run.rssMb)), responses: Object.keys(index.entries).length },
  };
}
