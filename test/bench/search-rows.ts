// The search rows of `npm run bench`'s table, measured on the build benchmark's site and its snapshot (out-snapi).
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SEARCH_INDEX_KEY } from '../../contract/search/search-format.ts';
import { SEARCH_SHARD_PREFIX } from '../../contract/endpoints.ts';
import { loadSnapshot } from '../../gateway/snapshot/snapshot-loader.ts';
import { planBuild } from '../../generator/build.ts';
import { loadSite } from '../../generator/load/load-site.ts';
import { siteSearchResponses } from '../../generator/search/search-step.ts';
import { PROJECT_ROOT } from './build-bench.ts';
import { median } from './measure.ts';
import type { MadeSite } from './make-site.ts';
import type { TargetRow } from './report.ts';
import { measureQuality, type QualityFigures } from './search-figures.ts';
import { judgedRows, typemillDocs } from './search-judged-rows.ts';
import {
  runSearchLoad,
  runSearchOpenLoad,
  wordMix,
  zipfMix,
  type OpenLoadFigures,
  type SearchLoadFigures,
} from './search-load.ts';
import { tokensOf } from '../../contract/search/search-terms.ts';
import type { SearchIndex } from '../../gateway/search/search-index.ts';
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
  words: SearchLoadFigures;
  /** The Zipf mix at each of OFFERED_RATES, open loop. */
  offered: OpenLoadFigures[];
}

/** Offered rates of the open-loop rows, answers per second: the latency target holds at the first, the second must
 *  still be answered without errors. */
export const OFFERED_RATES = [500, 1000] as const;

/** Pairs and triples of the site's most frequent words (stop words aside), in the word mix. */
const FREQUENT_WORDS = 100;
const WORD_REQUESTS = 2000;
/** Pages whose text is counted for the most frequent words: enough for a stable top 100. */
const WORD_SAMPLE_PAGES = 400;

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
async function measureStep(
  site: string,
  dist: string,
): Promise<Pick<SearchFigures, 'stepMs' | 'stepCpuMs' | 'stepFromDiskMs'>> {
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
  for (let round = 0; round < STEP_ROUNDS; round++)
    runs.push(await timed(() => siteSearchResponses(plan, async (key) => bodies.get(key))));
  const inMemory = { ms: median(runs.map((run) => run.ms)), cpuMs: median(runs.map((run) => run.cpuMs)) };
  bodies.clear();
  const streamed = await timed(() => siteSearchResponses(plan, fromDisk));
  return { stepMs: inMemory.ms, stepCpuMs: inMemory.cpuMs, stepFromDiskMs: streamed.ms };
}

async function frequentWords(search: SearchIndex): Promise<string[]> {
  const counts = new Map<string, number>();
  const ids = search.documents
    .map((document, id) => (document.live ? id : -1))
    .filter((id) => id >= 0)
    .slice(0, WORD_SAMPLE_PAGES);
  for (const id of ids) {
    for (const [heading, text] of (await search.text(id)).sections) {
      for (const word of tokensOf(`${heading ?? ''} ${text}`)) {
        const lower = word.toLowerCase();
        if (!search.tools.stopwords.has(lower)) counts.set(lower, (counts.get(lower) ?? 0) + 1);
      }
    }
  }
  return [...counts]
    .sort((left, right) => right[1] - left[1] || (left[0] < right[0] ? -1 : 1))
    .slice(0, FREQUENT_WORDS)
    .map(([word]) => word);
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
  execFileSync(process.execPath, [join(PROJECT_ROOT, 'gateway', 'cli', 'bundle-gateway.mjs')], {
    cwd: PROJECT_ROOT,
    stdio: 'ignore',
  });
  const load = {
    tools: options.tools,
    workDir: options.workDir,
    dist: options.dist,
    seconds: options.seconds,
    warmupSeconds: options.warmupSeconds,
    authorization: `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString('base64')}`,
  };
  const titles = search.documents.filter((document) => document.live).map((document) => document.title);
  const zipf = zipfMix(titles, MIX_REQUESTS);
  // A gateway that has run for a while has seen the popular queries and read the pages they find: each load is measured
  // after a run of the same load as long as the measured one (the answer cache holds 1,000 answers, so the titles and
  // the word mix stay new to it; the page texts for snippets are then in memory, as on a gateway serving for a while).
  const warmed = { ...load, warmupSeconds: Math.max(options.warmupSeconds, options.seconds) };
  log('search: 50 connections, titles asked with Zipf popularity');
  const mix = await runSearchLoad(warmed, zipf);
  log('search: 50 connections, every title once');
  const fresh = await runSearchLoad(warmed, titles);
  log('search: 50 connections, pairs and triples of the most frequent words');
  const words = await runSearchLoad(warmed, wordMix(await frequentWords(search), WORD_REQUESTS));
  log(`search: open loop, Zipf mix offered at ${OFFERED_RATES.join(' and ')} answers/s`);
  const offered = await runSearchOpenLoad(warmed, zipf, OFFERED_RATES);
  return {
    ...step,
    buildMs: options.buildMs,
    buildCpuMs: options.buildCpuMs ?? Number.NaN,
    // The root and its shards (search:shard:n).
    indexBytes: [...snapshot.entries]
      .filter(([key]) => key === SEARCH_INDEX_KEY || key.startsWith(`${SEARCH_SHARD_PREFIX}:`))
      .reduce((sum, [, entry]) => sum + entry.identity.size, 0),
    markdownBytes: options.site.bytes,
    quality,
    mix,
    fresh,
    words,
    offered,
  };
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

function loadNote(figures: SearchLoadFigures): string {
  // autocannon counts requests still waiting when the run ends, or past its 10 s timeout, as errors.
  return (
    `${Math.round(figures.cpuUsPerRequest)} µs; ${Math.round(figures.requestsPerSecond)} answers/s at 50 connections (p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms), ` +
    `gateway at ${Math.round(figures.serverCpuPercent)} % of its core, client CPU ${Math.round(figures.clientCpuPercent)} %, ${figures.non2xx} non-2xx, ${figures.errors} unanswered at the end`
  );
}

function openNote(figures: OpenLoadFigures | undefined): string {
  if (figures === undefined) return 'not measured';
  return (
    `p99 ${figures.p99Ms} ms, p50 ${figures.p50Ms} ms, max ${figures.maxMs} ms; ${figures.answered} of ${figures.sent} answered, ${figures.errors} errors; ` +
    `gateway ${Math.round(figures.cpuUsPerRequest)} µs CPU per answer; client CPU ${Math.round(figures.clientCpuPercent)} %`
  );
}

const CPU_TARGETS = { mix: 150, fresh: 500, words: 500 } as const;
const P99_TARGET_MS = 10;
const STEP_TARGET = 0.1;

/** The table's rows; values are in the unit the target names (µs, ms, or a share where the target is a percentage). */
export function searchRows(figures: SearchFigures): TargetRow[] {
  const { quality, mix, fresh, words } = figures;
  const [atFirst, atSecond] = figures.offered;
  const stepShare = figures.stepMs / figures.buildMs;
  const sizeShare = figures.indexBytes / figures.markdownBytes;
  const cpuRow = (measure: string, load: SearchLoadFigures, target: number): TargetRow => ({
    measure,
    value: Math.round(load.cpuUsPerRequest),
    target: `≤ ${target} µs`,
    met: load.cpuUsPerRequest <= target,
    note: loadNote(load),
  });
  return [
    {
      measure: `search: title in top 3, all ${quality.pages} published pages`,
      value: quality.titleTop3,
      target: '≥ 0.95',
      met: quality.titleTop3 >= 0.95,
      note:
        `${percent(quality.titleTop3)}; ceiling ${percent(quality.ceiling)} (up to ${quality.largestSameTitle} pages share a title's words), ${percent(quality.titleTop3 / quality.ceiling)} of it reached; ` +
        `${percent(quality.distinctTitleTop3)} of the ${quality.distinctTitlePages} pages whose title ≤ 2 others share; one typo ${percent(quality.typoTop3)}, last word cut ${percent(quality.prefixTop3)}`,
    },
    cpuRow(
      `search: server CPU per answer, ${mix.requests} titles asked with Zipf popularity (${mix.distinct} distinct), warmed`,
      mix,
      CPU_TARGETS.mix,
    ),
    cpuRow(`search: server CPU per answer, each of ${fresh.distinct} titles once per cycle`, fresh, CPU_TARGETS.fresh),
    cpuRow(
      `search: server CPU per answer, ${words.distinct} pairs and triples of the ${FREQUENT_WORDS} most frequent words`,
      words,
      CPU_TARGETS.words,
    ),
    {
      measure: `search: p99 at an offered ${OFFERED_RATES[0]} answers/s (open loop), Zipf mix, 0 errors`,
      value: atFirst?.p99Ms ?? null,
      target: `≤ ${P99_TARGET_MS} ms`,
      met: atFirst === undefined ? null : atFirst.p99Ms <= P99_TARGET_MS && atFirst.errors === 0,
      note: openNote(atFirst),
    },
    {
      measure: `search: errors at an offered ${OFFERED_RATES[1]} answers/s (open loop), Zipf mix`,
      value: atSecond?.errors ?? null,
      target: '0',
      met: atSecond === undefined ? null : atSecond.errors === 0,
      note: openNote(atSecond),
    },
    {
      measure: 'search: index step / full build',
      value: stepShare,
      target: `≤ ${STEP_TARGET}`,
      met: stepShare <= STEP_TARGET,
      note:
        `${percent(stepShare)}: step ${(figures.stepMs / 1000).toFixed(2)} s (CPU ${(figures.stepCpuMs / 1000).toFixed(2)} s) of ${(figures.buildMs / 1000).toFixed(2)} s; ` +
        `CPU share ${percent(figures.stepCpuMs / figures.buildCpuMs)} of the build's ${(figures.buildCpuMs / 1000).toFixed(2)} s; ${(figures.stepFromDiskMs / 1000).toFixed(2)} s reading each body from its file`,
    },
    {
      measure: 'search: index size / markdown size',
      value: sizeShare,
      target: '≤ 0.3',
      met: sizeShare <= 0.3,
      note: `${percent(sizeShare)}: ${(figures.indexBytes / 1e6).toFixed(2)} MB of ${(figures.markdownBytes / 1e6).toFixed(1)} MB`,
    },
  ];
}

export async function runSearchRows(options: SearchRowsOptions): Promise<TargetRow[]> {
  options.log('search: judged queries (success@3, MRR)');
  // A checkout of github.com/typemill/docs adds its row; it is not vendored (no licence), so it is named from outside.
  const checkout = process.env.TYPEMILL_DOCS;
  const docs = checkout === undefined || checkout === '' ? undefined : await typemillDocs(resolve(checkout));
  return [...(await judgedRows(docs)), ...searchRows(await measureSearch(options))];
}
