// Gateway benchmark: snapi vs a bare node:http server (same bodies per URL) vs nginx (same files) under the same mixed
// load, with and without Accept-Encoding; the wrong-password flood; start-up and memory.
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { link, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_LAYOUT, type SnapshotIndex } from '../../contract/snapshot.ts';
import { readSnapshotIndex } from '../../generator/write/read-snapshot-index.ts';
import { KEYS, keyOf } from '../../gateway/api/endpoints.ts';
import { runLoad as runLoadClient } from './run-load.ts';
import type { LoadFigures, LoadPlan } from './load-client.ts';
import type { BenchUser } from './make-site.ts';
import { median } from './measure.ts';
import {
  CLIENT_CORE,
  cpuMsOf,
  memoryOf,
  startBareServer,
  startGatewayProcess,
  startNginx,
  type RunningServer,
} from './servers.ts';
import { pinned, pinPrefix, type Tools } from './tools.ts';
import { runWrkLoad } from './wrk-load.ts';

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
  /** Server CPU (user + system) per answered request over the measured run, in µs. */
  cpuUsPerRequest: number;
  /** Server CPU over the measured run in % of its core: well below 100, something other than the server limits req/s.
   *  */
  serverCpuPercent: number;
}

/** One Accept-Encoding case: snapi and nginx under it; the bare server always answers identity bodies. */
export interface EncodingCase {
  acceptEncoding: string | null;
  snapi: ServerFigures;
  nginx: ServerFigures | { missing: string };
}

export interface FloodFigures {
  withoutP99Ms: number;
  withP99Ms: number;
  withoutRps: number;
  withRps: number;
  /** What the flood client got back while the valid users were measured. */
  floodAnswers: Record<string, number>;
  floodFailures: number;
  /** Server CPU per valid answered request without and during the flood, in µs: what the flood costs the server,
   *  whatever the shared client core does to the valid users' req/s. */
  withoutCpuUsPerRequest: number;
  withCpuUsPerRequest: number;
}

export interface GatewayBenchResult {
  /** wrk, or autocannon when wrk is missing. */
  loadClient: string;
  requestsInMix: number;
  mix: Record<string, number>;
  meanBodyBytes: number;
  bare: ServerFigures;
  cases: EncodingCase[];
  flood: FloodFigures;
  startup: { startMs: number; rssMb: number; responses: number };
}

const PORT = 18_080;
const ACCEPT_ENCODINGS = [null, 'gzip, br'] as const;

interface MixedRequest {
  kind: string;
  key: string;
  path: string;
}

/** The issue's mix: 60 % content, 20 % item, 20 % meta of up to 1,000 pages, and both navigations once. */
function mixedRequests(index: SnapshotIndex): MixedRequest[] {
  const prefix = keyOf(KEYS.contentLive, '');
  const urls = Object.keys(index.entries)
    .filter((key) => key.startsWith(prefix))
    .map((key) => key.slice(prefix.length))
    .slice(0, 1000);
  const api = (path: string, url?: string) =>
    `/api/v1/${path}${url === undefined ? '' : `?url=${encodeURIComponent(url)}`}`;
  const requests: MixedRequest[] = [
    { kind: 'navigation', key: keyOf(KEYS.navigationLive), path: api('navigation') },
    { kind: 'navigation', key: keyOf(KEYS.navigationDraft), path: api('navigation') + '?draft=true' },
  ];
  urls.forEach((url, position) => {
    requests.push({ kind: 'content', key: keyOf(KEYS.contentLive, url), path: api('article/content', url) });
    if (position % 3 === 1) requests.push({ kind: 'item', key: keyOf(KEYS.item, url), path: api('article/item', url) });
    if (position % 3 === 2) requests.push({ kind: 'meta', key: keyOf(KEYS.meta, url), path: api('article/meta', url) });
  });
  return requests.filter((request) => index.entries[request.key] !== undefined);
}

function authorization(user: BenchUser): string {
  return `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;
}

/** wrk when installed: autocannon spent 95–99 % of its core against the gateway, so the rows measured the client. */
function runLoad(options: Pick<GatewayBenchOptions, 'tools' | 'workDir'>, plan: LoadPlan): Promise<LoadFigures> {
  const { wrk } = options.tools;
  if (wrk !== undefined && 'path' in wrk)
    return runWrkLoad(wrk.path, pinPrefix(options.tools, CLIENT_CORE), options.workDir, plan);
  return runLoadClient(options.tools, options.workDir, plan);
}

/** The load client the rows were measured with, for the report. */
export function loadClientOf(tools: Tools): string {
  const { wrk = { missing: 'not looked for' } } = tools;
  return 'path' in wrk ? 'wrk (1 thread)' : `autocannon (wrk missing: ${wrk.missing})`;
}

async function loadWithCpu(
  options: Pick<GatewayBenchOptions, 'tools' | 'workDir'>,
  server: RunningServer,
  plan: LoadPlan,
): Promise<ServerFigures> {
  const cpuBefore = cpuMsOf(server.process.pid);
  const started = performance.now();
  const figures = await runLoad(options, plan);
  const cpuMs = cpuMsOf(server.process.pid) - cpuBefore;
  return {
    ...figures,
    rssMb: memoryOf(server.process.pid).rssMb,
    cpuUsPerRequest: (cpuMs * 1000) / Math.max(1, figures.total),
    serverCpuPercent: (cpuMs / (performance.now() - started)) * 100,
  };
}

/** One request per distinct Authorization header before any load: the one bcrypt check per user is start-up work,
 *  not a cost of the requests measured (a short warm-up on a busy machine did not always get past it). */
async function primeCredentials(url: string, requests: LoadPlan['requests']): Promise<void> {
  const firstByHeader = new Map<string, string>();
  for (const request of requests) {
    const header = request.headers?.Authorization;
    if (header !== undefined && !firstByHeader.has(header)) firstByHeader.set(header, request.path);
  }
  for (const [header, path] of firstByHeader)
    await (await fetch(`${url}${path}`, { headers: { Authorization: header } })).arrayBuffer();
}

async function measureServer(
  options: GatewayBenchOptions,
  start: () => Promise<RunningServer>,
  requests: LoadPlan['requests'],
): Promise<ServerFigures> {
  const server = await start();
  try {
    const plan = { url: `http://127.0.0.1:${PORT}`, connections: options.connections, requests };
    await primeCredentials(plan.url, requests);
    await runLoad(options, { ...plan, durationSeconds: options.warmupSeconds });
    return await loadWithCpu(options, server, { ...plan, durationSeconds: options.durationSeconds });
  } finally {
    await server.stop();
  }
}

function medianServer(runs: readonly ServerFigures[]): ServerFigures {
  const of = (field: keyof ServerFigures) => median(runs.map((run) => run[field]));
  return {
    requestsPerSecond: of('requestsPerSecond'),
    p50Ms: of('p50Ms'),
    p99Ms: of('p99Ms'),
    errors: of('errors'),
    non2xx: of('non2xx'),
    total: of('total'),
    clientCpuPercent: of('clientCpuPercent'),
    rssMb: of('rssMb'),
    cpuUsPerRequest: of('cpuUsPerRequest'),
    serverCpuPercent: of('serverCpuPercent'),
  };
}

/** Hard-links each request's identity body to `r/<n>.json` and its gzip sibling to `r/<n>.json.gz` (nginx's
 *  gzip_static; Debian's nginx has no brotli), so nginx serves the same bytes by a plain path. */
async function nginxRoot(
  options: GatewayBenchOptions,
  index: SnapshotIndex,
  snapshotDir: string,
  requests: readonly MixedRequest[],
): Promise<string> {
  const root = join(options.workDir, 'nginx-root');
  await rm(root, { recursive: true, force: true });
  await mkdir(join(root, 'r'), { recursive: true });
  await Promise.all(
    requests.map(async (request, position) => {
      const entry = index.entries[request.key]!;
      await link(join(snapshotDir, entry.file), join(root, 'r', `${position}.json`));
      if (entry.gzip) await link(join(snapshotDir, entry.gzip.file), join(root, 'r', `${position}.json.gz`));
    }),
  );
  return root;
}

/** Headers node:http adds by itself on either server. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The headers snapi answers each request of the mix with (identity bodies), from one started gateway: the bare
 *  server sends the same ones, so the comparison is of the request path and not of fewer header bytes. */
async function snapiHeaders(
  options: GatewayBenchOptions,
  requests: LoadPlan['requests'],
): Promise<Array<Record<string, string>>> {
  const server = await startGatewayProcess(options.tools, options.dist, PORT);
  try {
    const headers: Array<Record<string, string>> = [];
    for (const request of requests) headers.push(await identityHeaders(request));
    return headers;
  } finally {
    await server.stop();
  }
}

/** node:http rather than fetch: fetch asks for compressed bodies by itself. Names keep snapi's case. */
function identityHeaders(request: LoadPlan['requests'][number]): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    get(`http://127.0.0.1:${PORT}${request.path}`, { headers: request.headers ?? {} }, (response) => {
      response.resume();
      if (response.statusCode !== 200)
        return reject(new Error(`snapi answered ${request.path} with ${response.statusCode}`));
      const raw = response.rawHeaders;
      const headers: Record<string, string> = {};
      for (let at = 0; at < raw.length; at += 2)
        if (!CONNECTION_HEADERS.has(raw[at]!.toLowerCase())) headers[raw[at]!] = raw[at + 1]!;
      response.on('end', () => resolve(headers));
    }).on('error', reject);
  });
}

/** The bare server's routes: each URL of the mix with the identity body file and the headers snapi answers it with. */
async function bareRoutes(
  options: GatewayBenchOptions,
  index: SnapshotIndex,
  snapshotDir: string,
  requests: readonly MixedRequest[],
  headers: ReadonlyArray<Record<string, string>>,
): Promise<string> {
  const file = join(options.workDir, 'bare-routes.json');
  await writeFile(
    file,
    JSON.stringify(
      requests.map((request, position) => [
        request.path,
        join(snapshotDir, index.entries[request.key]!.file),
        headers[position],
      ]),
    ),
  );
  return file;
}

async function floodCase(options: GatewayBenchOptions, requests: LoadPlan['requests']): Promise<FloodFigures> {
  const server = await startGatewayProcess(options.tools, options.dist, PORT);
  const plan = {
    url: `http://127.0.0.1:${PORT}`,
    connections: options.connections,
    requests,
    durationSeconds: options.durationSeconds,
  };
  try {
    await primeCredentials(plan.url, requests);
    await runLoad(options, { ...plan, durationSeconds: options.warmupSeconds });
    const without = await loadWithCpu(options, server, plan);
    const [command, args] = pinned(options.tools, CLIENT_CORE, process.execPath, [
      '--import',
      'tsx',
      join(import.meta.dirname, 'flood-client.ts'),
      `${plan.url}/api/v1/navigation`,
      '8',
    ]);
    const flood = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let floodOutput = '';
    flood.stdout.on('data', (chunk: Buffer) => (floodOutput += chunk.toString()));
    // The first failures run bcrypt until the limiter blocks the address; measure the sustained flood after that.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const during = await loadWithCpu(options, server, plan);
    const ended = new Promise((resolve) => flood.once('close', resolve));
    flood.kill('SIGTERM');
    await ended;
    const answers = JSON.parse(floodOutput.trim() || '{"statuses":{},"failures":0}') as {
      statuses: Record<string, number>;
      failures: number;
    };
    return {
      withoutP99Ms: without.p99Ms,
      withP99Ms: during.p99Ms,
      withoutRps: without.requestsPerSecond,
      withRps: during.requestsPerSecond,
      floodAnswers: answers.statuses,
      floodFailures: answers.failures,
      withoutCpuUsPerRequest: without.cpuUsPerRequest,
      withCpuUsPerRequest: during.cpuUsPerRequest,
    };
  } finally {
    await server.stop();
  }
}

export async function runGatewayBench(options: GatewayBenchOptions): Promise<GatewayBenchResult> {
  const snapshotDir = join(options.dist, DIST_LAYOUT.currentLink);
  const { index } = readSnapshotIndex(snapshotDir);
  const mixed = mixedRequests(index);
  const readers = options.users.filter((user) => ['author', 'editor', 'administrator'].includes(user.role));
  const encodingHeader = (acceptEncoding: string | null): Record<string, string> =>
    acceptEncoding === null ? {} : { 'Accept-Encoding': acceptEncoding };
  const apiRequests = (acceptEncoding: string | null) =>
    mixed.map((request, position) => ({
      path: request.path,
      headers: { Authorization: authorization(readers[position % readers.length]!), ...encodingHeader(acceptEncoding) },
    }));
  const nginx = options.tools.nginx;
  const root = 'path' in nginx ? await nginxRoot(options, index, snapshotDir, mixed) : '';
  const nginxRequests = (acceptEncoding: string | null) =>
    mixed.map((_request, position) => ({ path: `/r/${position}.json`, headers: encodingHeader(acceptEncoding) }));
  const routesFile = await bareRoutes(
    options,
    index,
    snapshotDir,
    mixed,
    await snapiHeaders(options, apiRequests(null)),
  );

  const bareRuns: ServerFigures[] = [];
  const caseRuns = ACCEPT_ENCODINGS.map(() => ({ snapi: [] as ServerFigures[], nginx: [] as ServerFigures[] }));
  const rps = (figures: ServerFigures | undefined) =>
    figures ? `${Math.round(figures.requestsPerSecond)} req/s` : 'n/a';
  for (let round = 0; round < options.rounds; round++) {
    const bare = await measureServer(
      options,
      () => startBareServer(options.tools, PORT, routesFile),
      apiRequests(null),
    );
    bareRuns.push(bare);
    options.log(`  round ${round + 1}: bare ${rps(bare)} (client CPU ${Math.round(bare.clientCpuPercent)} %)`);
    for (const [position, acceptEncoding] of ACCEPT_ENCODINGS.entries()) {
      const runs = caseRuns[position]!;
      runs.snapi.push(
        await measureServer(
          options,
          () => startGatewayProcess(options.tools, options.dist, PORT),
          apiRequests(acceptEncoding),
        ),
      );
      if ('path' in nginx)
        runs.nginx.push(
          await measureServer(
            options,
            () => startNginx(options.tools, nginx.path, options.workDir, root, PORT),
            nginxRequests(acceptEncoding),
          ),
        );
      options.log(
        `  round ${round + 1}, Accept-Encoding ${acceptEncoding ?? 'none'}: snapi ${rps(runs.snapi.at(-1))}, nginx ${rps(runs.nginx.at(-1))}`,
      );
    }
  }
  const flood = await floodCase(options, apiRequests(null));
  options.log(
    `  flood: p99 ${flood.withoutP99Ms} ms without, ${flood.withP99Ms} ms with; flood answers ${JSON.stringify(flood.floodAnswers)}`,
  );

  const startups: Array<{ startMs: number; rssMb: number }> = [];
  for (let attempt = 0; attempt < options.startups; attempt++) {
    const server = await startGatewayProcess(options.tools, options.dist, PORT);
    startups.push({ startMs: server.startMs, rssMb: memoryOf(server.process.pid).rssMb });
    await server.stop();
  }
  const sizes = mixed.map((request) => index.entries[request.key]!.size);
  return {
    loadClient: loadClientOf(options.tools),
    requestsInMix: mixed.length,
    mix: mixed.reduce<Record<string, number>>((counts, request) => {
      counts[request.kind] = (counts[request.kind] ?? 0) + 1;
      return counts;
    }, {}),
    meanBodyBytes: sizes.reduce((sum, size) => sum + size, 0) / sizes.length,
    bare: medianServer(bareRuns),
    cases: ACCEPT_ENCODINGS.map((acceptEncoding, position) => ({
      acceptEncoding,
      snapi: medianServer(caseRuns[position]!.snapi),
      nginx: 'path' in nginx ? medianServer(caseRuns[position]!.nginx) : { missing: nginx.missing },
    })),
    flood,
    startup: {
      startMs: median(startups.map((run) => run.startMs)),
      rssMb: median(startups.map((run) => run.rssMb)),
      responses: Object.keys(index.entries).length,
    },
  };
}

export interface GatewayMemoryFigures {
  pages: number;
  startMs: number;
  rssAfterStartMb: number;
  rssUnderLoadMb: number;
  requestsPerSecond: number;
}

/** Start-up and memory of the gateway on a large snapshot: spawn to listening, RSS once loaded, RSS at the end of a
 *  load of the usual mix (identity bodies). */
export async function measureGatewayMemory(
  options: Omit<GatewayBenchOptions, 'rounds' | 'startups'> & { pages: number },
): Promise<GatewayMemoryFigures> {
  const { index } = readSnapshotIndex(join(options.dist, DIST_LAYOUT.currentLink));
  const readers = options.users.filter((user) => ['author', 'editor', 'administrator'].includes(user.role));
  const requests = mixedRequests(index).map((request, position) => ({
    path: request.path,
    headers: { Authorization: authorization(readers[position % readers.length]!) },
  }));
  const server = await startGatewayProcess(options.tools, options.dist, PORT);
  try {
    const rssAfterStartMb = memoryOf(server.process.pid).rssMb;
    const plan = { url: `http://127.0.0.1:${PORT}`, connections: options.connections, requests };
    await primeCredentials(plan.url, requests);
    await runLoad(options, { ...plan, durationSeconds: options.warmupSeconds });
    const loaded = await loadWithCpu(options, server, { ...plan, durationSeconds: options.durationSeconds });
    return {
      pages: options.pages,
      startMs: server.startMs,
      rssAfterStartMb,
      rssUnderLoadMb: loaded.rssMb,
      requestsPerSecond: loaded.requestsPerSecond,
    };
  } finally {
    await server.stop();
  }
}
