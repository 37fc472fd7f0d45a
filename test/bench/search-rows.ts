// The search rows of `npm run bench`'s table, measured on the build benchmark's site and its snapshot (out-snapi).
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SEARCH_INDEX_KEY } from '../../gateway/search/search-format.ts';
import { loadSnapshot } from '../../gateway/snapshot/snapshot-loader.ts';
import { planBuild } from '../../generator/build.ts';
import { loadSite } from '../../generator/load.ts';
import { siteSearchResponse } from '../../generator/search/site-search.ts';
import { PROJECT_ROOT } from './build-bench.ts';
import { median } from './measure.ts';
import type { MadeSite } from './make-site.ts';
import type { TargetRow } from './report.ts';
import { measureQuality, type QualityFigures } from './search-figures.ts';
import { runSearchLoad, zipfMix, type SearchLoadFigures } from './search-load.ts';
import type { Tools } from './tools.ts';

export interface SearchRowsOptions {
  site: MadeSite;
  /** The build benchmark's output folder (out-snapi), holding the snapshot of `site`. */
  dist: string;
  /** The full build's wall time (the build benchmark's median), the base of the index step's share. */
  buildMs: number;
  /** The full build's CPU time (all its threads), when measured. */
  buildCpuMs?: number;
  tools: Tools;
  workDir: string;
  seconds: number;
  warmupSeconds: number;
  log: (line: string) => void;
}

export interface SearchFigures {
  stepMs: number;
  stepCpuMs: number;
  stepFromDiskMs: number;
  buildMs: number;
  buildCpuMs: number;
  indexBytes: number;
  markdownBytes: number;
  quality: QualityFigures;
  mix: SearchLoadFigures;
  fresh: SearchLoadFigures;
}

/** Requests in the Zipf mix, cycled through by the 50 connections. The load client prepares every request of its
 *  list per connection before it starts, and counts that time in its CPU share, so the list stays short. */
const MIX_REQUESTS = 5000;

const STEP_ROUNDS = 3;

async function timed(run: () => Promise<unknown>): Promise<{ ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

/** The build's search step alone, in this process: over bodies in memory, as the build hands them to it today (median of
 *  STEP_ROUNDS runs), and reading each body from its file, as a build that streams bodies to disk will. */
async function measureStep(site: string, dist: string): Promise<Pick<SearchFigures, 'stepMs' | 'stepCpuMs' | 'stepFromDiskMs'>> {
  const { snapshot } = await loadSnapshot(dist, { lookup: async () => [] });
  const plan = planBuild((await loadSite(site, 'http://localhost:8080')).source);
  const fromDisk = async (key: string) => {
    const entry = snapshot.entries.get(key);
    return entry === undefined ? undefined : readFile(join(snapshot.directory, entry.identity.file), 'utf8');
  };
  const bodies = new Map<string, string>();
  for (const key of snapshot.entries.keys()) {
    const body = key.startsWith('content:') ? await fromDisk(key) : undefined;
    if (body !== undefined) bodies.set(key, body);
  }
  // The median of three, as the build's time is a median: on a shared machine one run can lose the core for seconds.
  const runs: Array<{ ms: number; cpuMs: number }> = [];
  for (let round = 0; round < STEP_ROUNDS; round++) runs.push(await timed(() => siteSearchResponse(plan, async (key) => bodies.get(key))));
  const inMemory = { ms: median(runs.map((run) => run.ms)), cpuMs: median(runs.map((run) => run.cpuMs)) };
  bodies.clear();
  const streamed = await timed(() => siteSearchResponse(plan, fromDisk));
  return { stepMs: inMemory.ms, stepCpuMs: inMemory.cpuMs, stepFromDiskMs: streamed.ms };
}

export async function measureSearch(options: SearchRowsOptions): Promise<SearchFigures> {
  const { log } = options;
  log('search: the index step alone');
  const step = await measureStep(options.site.site, options.dist);
  const { snapshot } = await loadSnapshot(options.dist, { lookup: async () => [] });
  const search = snapshot.search;
  if (search === undefined) throw new Error(`${options.dist}: the snapshot has no search index`);
  const admin = options.site.users.find((user) => user.role === 'administrator') ?? options.site.users[0]!;
  log('search: title quality');
  const quality = await measureQuality(search, { username: admin.username, role: admin.role });
  // The bench measures what `npm run serve` runs: the bundle, rebuilt so it is never stale.
  execFileSync(process.execPath, [join(PROJECT_ROOT, 'gateway', 'cli', 'build-gateway.mjs')], { cwd: PROJECT_ROOT, stdio: 'ignore' });
  const load = {
    tools: options.tools, workDir: options.workDir, dist: options.dist, seconds: options.seconds, warmupSeconds: options.warmupSeconds,
    authorization: `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString('base64')}`,
  };
  const titles = search.documents.filter((document) => document.live).map((document) => document.title);
  log('search: 50 connections, titles asked with Zipf popularity');
  // A gateway that has run for a while has seen the popular queries: warmed by a run as long as the measured one.
  const mix = await runSearchLoad({ ...load, warmupSeconds: Math.max(options.warmupSeconds, options.seconds) }, zipfMix(titles, MIX_REQUESTS));
  log('search: 50 connections, every title once');
  const fresh = await runSearchLoad(load, titles);
  return {
    ...step, buildMs: options.buildMs, buildCpuMs: options.buildCpuMs ?? Number.NaN, indexBytes: snapshot.entries.get(SEARCH_INDEX_KEY)?.identity.size ?? Number.NaN,
    markdownBytes: options.site.bytes, quality, mix, fresh,
  };
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

function loadNote(figures: SearchLoadFigures): string {
  // autocannon counts requests still waiting when the run ends, or past its 10 s timeout, as errors.
  return `p50 ${figures.p50Ms} ms, ${Math.round(figures.requestsPerSecond)} answers/s, server CPU ${Math.round(figures.cpuUsPerRequest)} µs per answer ` +
    `(${Math.round(figures.serverCpuPercent)} % of its core), client CPU ${Math.round(figures.clientCpuPercent)} %, ${figures.non2xx} non-2xx, ${figures.errors} unanswered at the end`;
}

/** The table's rows; values are in the unit the target names (ms, or a share where the target is a percentage). */
export function searchRows(figures: SearchFigures): TargetRow[] {
  const { quality, mix, fresh } = figures;
  const stepShare = figures.stepMs / figures.buildMs;
  const sizeShare = figures.indexBytes / figures.markdownBytes;
  return [
    {
      measure: `search: title in top 3, all ${quality.pages} published pages`, value: quality.titleTop3, target: '≥ 0.95', met: quality.titleTop3 >= 0.95,
      note: `${percent(quality.titleTop3)}; ceiling ${percent(quality.ceiling)} (up to ${quality.largestSameTitle} pages share a title's words), ${percent(quality.titleTop3 / quality.ceiling)} of it reached; ` +
        `${percent(quality.distinctTitleTop3)} of the ${quality.distinctTitlePages} pages whose title ≤ 2 others share`,
    },
    {
      measure: `search: p99 at 50 connections, ${mix.requests} titles asked with Zipf popularity (${mix.distinct} distinct)`, value: mix.p99Ms, target: '≤ 5 ms', met: mix.p99Ms <= 5,
      note: loadNote(mix),
    },
    {
      measure: `search: p99 at 50 connections, each of ${fresh.distinct} titles asked once per cycle`, value: fresh.p99Ms, target: '≤ 5 ms', met: fresh.p99Ms <= 5,
      note: loadNote(fresh),
    },
    {
      measure: 'search: index step / full build', value: stepShare, target: '≤ 0.15', met: stepShare <= 0.15,
      note: `${percent(stepShare)}: step ${(figures.stepMs / 1000).toFixed(2)} s (CPU ${(figures.stepCpuMs / 1000).toFixed(2)} s) of ${(figures.buildMs / 1000).toFixed(2)} s; ` +
        `CPU share ${percent(figures.stepCpuMs / figures.buildCpuMs)} of the build's ${(figures.buildCpuMs / 1000).toFixed(2)} s; ${(figures.stepFromDiskMs / 1000).toFixed(2)} s reading each body from its file`,
    },
    {
      measure: 'search: index size / markdown size', value: sizeShare, target: '≤ 0.3', met: sizeShare <= 0.3,
      note: `${percent(sizeShare)}: ${(figures.indexBytes / 1e6).toFixed(2)} MB of ${(figures.markdownBytes / 1e6).toFixed(1)} MB`,
    },
  ];
}

export async function runSearchRows(options: SearchRowsOptions): Promise<TargetRow[]> {
  return searchRows(await measureSearch(options));
}
