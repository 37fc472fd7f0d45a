// The search benchmark's HTTP load: which queries the 50 connections ask, and the gateway's CPU while they do.
import type { LoadFigures } from './load-client.ts';
import type { OpenLoopFigures } from './open-loop-client.ts';
import { createRandom } from './prng.ts';
import { runLoad } from './run-load.ts';
import { runOpenLoop } from './run-open-loop.ts';
import { cpuMsOf, startGatewayProcess } from './servers.ts';
import type { Tools } from './tools.ts';

/** Zipf's exponent for query popularity: the k-th most asked query is asked about 1/k as often as the first. */
const ZIPF_EXPONENT = 1;

/**
 * `count` queries drawn from `queries` with Zipf popularity (query logs are close to it: a few queries are asked again
 * and again, a long tail once). Which query is most popular is a seeded shuffle, not the site's order.
 */
export function zipfMix(queries: readonly string[], count: number, seed = 13): string[] {
  const random = createRandom(seed);
  const ranked = [...queries];
  for (let position = ranked.length - 1; position > 0; position--) {
    const other = random.int(0, position);
    [ranked[position], ranked[other]] = [ranked[other]!, ranked[position]!];
  }
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= ranked.length; rank++) cumulative.push((total += 1 / rank ** ZIPF_EXPONENT));
  return Array.from({ length: count }, () => {
    const target = random.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return ranked[low]!;
  });
}

/** `count` queries of two or three of `words` (the site's most frequent), seeded: words every page shares, so each query
 *  matches much of the site and costs the most to rank. */
export function wordMix(words: readonly string[], count: number, seed = 17): string[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: random.int(2, 3) }, () => random.pick(words)).join(' '),
  );
}

export interface SearchLoadFigures extends LoadFigures {
  /** Distinct queries among the requests of the mix. */
  distinct: number;
  requests: number;
  /** The gateway's CPU time over the measured run, in % of one core, and per answered request. */
  serverCpuPercent: number;
  cpuUsPerRequest: number;
}

export interface SearchLoadOptions {
  tools: Tools;
  workDir: string;
  dist: string;
  authorization: string;
  seconds: number;
  warmupSeconds: number;
}

export interface OpenLoadFigures extends OpenLoopFigures {
  /** The gateway's CPU time per answered request over the run, in µs. */
  cpuUsPerRequest: number;
}

/** Long enough for the open-loop client to open the connections its rate needs. */
const OPEN_WARMUP_SECONDS = 2;

const searchPath = (query: string) => `/api/v1/search?q=${encodeURIComponent(query)}&limit=10`;

/** A fresh gateway, warmed by a closed-loop run of the same mix (as in runSearchLoad), then each offered rate in turn:
 *  OPEN_WARMUP_SECONDS at the rate to open the client's connections, then `seconds` measured: the latency a client sees
 *  when queries arrive at that rate whatever the answers take. */
export async function runSearchOpenLoad(
  options: SearchLoadOptions,
  queries: readonly string[],
  rates: readonly number[],
): Promise<OpenLoadFigures[]> {
  const port = 18_000 + (process.pid % 1000);
  const server = await startGatewayProcess(options.tools, options.dist, port);
  try {
    const url = `http://127.0.0.1:${port}`;
    const requests = queries.map((query) => ({
      path: searchPath(query),
      headers: { Authorization: options.authorization },
    }));
    await runLoad(options.tools, options.workDir, {
      url,
      connections: 50,
      requests,
      durationSeconds: options.warmupSeconds,
    });
    const figures: OpenLoadFigures[] = [];
    for (const rate of rates) {
      // The gateway's CPU is read around the whole client run, warm-up included, so it is divided by every answer.
      const cpuBefore = cpuMsOf(server.process.pid);
      const run = await runOpenLoop(options.tools, options.workDir, {
        url,
        rate,
        warmupSeconds: OPEN_WARMUP_SECONDS,
        durationSeconds: options.seconds,
        requests,
      });
      const answers = run.answered + Math.round(rate * OPEN_WARMUP_SECONDS);
      figures.push({
        ...run,
        cpuUsPerRequest: ((cpuMsOf(server.process.pid) - cpuBefore) * 1000) / Math.max(1, answers),
      });
    }
    return figures;
  } finally {
    await server.stop();
  }
}

/** A fresh gateway per mix, so one mix's cached answers never serve another; a warm-up, then the measured run. */
export async function runSearchLoad(
  options: SearchLoadOptions,
  queries: readonly string[],
): Promise<SearchLoadFigures> {
  const port = 18_000 + (process.pid % 1000);
  const server = await startGatewayProcess(options.tools, options.dist, port);
  try {
    const plan = {
      url: `http://127.0.0.1:${port}`,
      connections: 50,
      requests: queries.map((query) => ({
        path: searchPath(query),
        headers: { Authorization: options.authorization },
      })),
    };
    await runLoad(options.tools, options.workDir, { ...plan, durationSeconds: options.warmupSeconds });
    const cpuBefore = cpuMsOf(server.process.pid);
    const figures = await runLoad(options.tools, options.workDir, { ...plan, durationSeconds: options.seconds });
    const cpuMs = cpuMsOf(server.process.pid) - cpuBefore;
    return {
      ...figures,
      distinct: new Set(queries).size,
      requests: queries.length,
      // The load client's start-up is inside the CPU window, but the server idles through it.
      serverCpuPercent: (cpuMs / (options.seconds * 1000)) * 100,
      cpuUsPerRequest: (cpuMs * 1000) / Math.max(1, figures.total),
    };
  } finally {
    await server.stop();
  }
}
