// The search benchmark's HTTP load: which queries the 50 connections ask, and the gateway's CPU while they do.
import type { LoadFigures } from './load-client.ts';
import { createRandom } from './prng.ts';
import { runLoad } from './run-load.ts';
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

/** A fresh gateway per mix, so one mix's cached answers never serve another; a warm-up, then the measured run. */
export async function runSearchLoad(options: SearchLoadOptions, queries: readonly string[]): Promise<SearchLoadFigures> {
  const port = 18_000 + (process.pid % 1000);
  const server = await startGatewayProcess(options.tools, options.dist, port);
  try {
    const plan = {
      url: `http://127.0.0.1:${port}`,
      connections: 50,
      requests: queries.map((query) => ({ path: `/api/v1/search?q=${encodeURIComponent(query)}&limit=10`, headers: { Authorization: options.authorization } })),
    };
    await runLoad(options.tools, options.workDir, { ...plan, durationSeconds: options.warmupSeconds });
    const cpuBefore = cpuMsOf(server.process.pid);
    const figures = await runLoad(options.tools, options.workDir, { ...plan, durationSeconds: options.seconds });
    const cpuMs = cpuMsOf(server.process.pid) - cpuBefore;
    return {
      ...figures, distinct: new Set(queries).size, requests: queries.length,
      // The load client's start-up is inside the CPU window, but the server idles through it.
      serverCpuPercent: (cpuMs / (options.seconds * 1000)) * 100, cpuUsPerRequest: (cpuMs * 1000) / Math.max(1, figures.total),
    };
  } finally {
    await server.stop();
  }
}
