// `tsx test/bench/dev-latency.ts [--watch]`: how long after a save `npm run dev` (or `snapi watch` beside a gateway)
// serves the new page, on a copy of the sample site. Edits one page 20 times, polls the API every 10 ms, prints the
// latencies and fails (exit 1) when p95 > 300 ms. `npm run bench` runs the same measurement on its generated sites.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { startDevServer } from '../../commands/dev-mode.ts';
import { startGateway } from '../../gateway/http/server.ts';
import { startWatching } from '../../generator/watch/watch-site.ts';
import { DEMO_USERS } from '../../generator/cli/demo-users.ts';
import { send } from '../gateway/http-client.ts';
import { PROJECT_ROOT } from './build-bench.ts';

export const DEV_P95_LIMIT_MS = 300;
const EDITS = 20;
const POLL_MS = 10;
const GIVE_UP_MS = 60_000;
const SITE_FOLDERS = ['content', 'settings', 'plugins'];

export interface DevLatencyOptions {
  /** Site folder holding content/, settings/ and maybe plugins/; it is copied, never edited. */
  site: string;
  /** The page to edit, relative to `site`: `content/00-getting-started/04-faq.md`. */
  page: string;
  user: { username: string; password: string };
  edits?: number;
  log?: (line: string) => void;
  /** `dev`: one process builds and serves; `watch`: `snapi watch` publishes and a gateway follows the dist folder. */
  mode?: 'dev' | 'watch';
}

/** A running builder and gateway: where it answers, the rebuild times it reported, and how to stop it. */
interface Running {
  url: string;
  rebuildsMs: () => number[];
  close: () => Promise<void>;
}

async function startDev(site: string, dist: string): Promise<Running> {
  const reports: string[] = [];
  const dev = await startDevServer({
    site,
    out: dist,
    port: 0,
    host: '127.0.0.1',
    baseUrl: 'http://localhost',
    report: (line) => reports.push(line),
    log: () => {},
  });
  return {
    url: dev.gateway.url,
    rebuildsMs: () => reports.slice(1).map((line) => Number(/ in (\d+\.\d+) s:/.exec(line)?.[1] ?? NaN) * 1000),
    close: () => dev.close(),
  };
}

async function startWatch(site: string, dist: string): Promise<Running> {
  const seconds: number[] = [];
  let published = 0;
  const watching = startWatching({
    site,
    out: dist,
    baseUrl: 'http://localhost',
    log: (event, details) => {
      if (event !== 'published') return;
      published++;
      if (published > 1) seconds.push(Number(details.seconds) * 1000);
    },
  });
  while (published === 0) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  const gateway = await startGateway({ dist, port: 0, host: '127.0.0.1', log: () => {} });
  return {
    url: gateway.url,
    rebuildsMs: () => seconds,
    close: async () => {
      await watching.close();
      await gateway.close();
    },
  };
}

export interface DevLatencyFigures {
  latenciesMs: number[];
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** The rebuild times `snapi dev` reported for the edits. */
  rebuildMedianMs: number;
}

/** Nearest-rank percentile. */
function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

/** `content/00-getting-started/04-faq.md` → `/getting-started/faq`: Typemill drops the order prefixes. */
function urlOfPage(page: string): string {
  const segments = page
    .split(sep)
    .join('/')
    .replace(/^content\//, '')
    .replace(/\.md$/, '')
    .split('/');
  return `/${segments
    .map((segment) => segment.replace(/^\d+-/, ''))
    .filter((segment) => segment !== 'index')
    .join('/')}`;
}

export async function measureDevLatency(options: DevLatencyOptions): Promise<DevLatencyFigures> {
  const edits = options.edits ?? EDITS;
  const headers = {
    Authorization: `Basic ${Buffer.from(`${options.user.username}:${options.user.password}`).toString('base64')}`,
  };
  const urlPath = `/api/v1/article/content?url=${encodeURIComponent(urlOfPage(options.page))}`;
  const work = await mkdtemp(join(PROJECT_ROOT, 'test', '.tmp', 'dev-latency-'));
  const site = join(work, 'site');
  for (const folder of SITE_FOLDERS)
    await cp(join(options.site, folder), join(site, folder), { recursive: true }).catch(() => undefined);
  const original = await readFile(join(site, options.page), 'utf8');
  const running = await (options.mode === 'watch' ? startWatch : startDev)(site, join(work, 'dist'));
  const latencies: number[] = [];
  try {
    for (let edit = 1; edit <= edits; edit++) {
      const marker = `dev latency edit ${edit} ${Date.now()}`;
      const saved = performance.now();
      await writeFile(join(site, options.page), `${original}\n\n${marker}\n`);
      for (;;) {
        const response = await send(running.url, urlPath, { headers });
        if (response.text.includes(marker)) break;
        if (performance.now() - saved > GIVE_UP_MS)
          throw new Error(`edit ${edit} was not served within ${GIVE_UP_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      latencies.push(performance.now() - saved);
      options.log?.(`${options.mode ?? 'dev'} edit ${edit}: ${latencies[latencies.length - 1]!.toFixed(0)} ms`);
    }
  } finally {
    await running.close();
    await rm(work, { recursive: true, force: true });
  }
  const rebuilds = running.rebuildsMs();
  return {
    latenciesMs: latencies,
    medianMs: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    maxMs: Math.max(...latencies),
    rebuildMedianMs: percentile(rebuilds, 0.5),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const page = join('content', '00-getting-started', '04-faq.md');
  const admin = DEMO_USERS.find((user) => user.role === 'administrator')!;
  const mode = process.argv.includes('--watch') ? 'watch' : 'dev';
  const figures = await measureDevLatency({ site: PROJECT_ROOT, page, user: admin, mode });
  console.log(
    `${mode} latency, save to served, ${figures.latenciesMs.length} edits of ${page} on the sample site (ms):`,
  );
  console.log(`  ${figures.latenciesMs.map((latency) => latency.toFixed(0)).join(' ')}`);
  console.log(
    `  median ${figures.medianMs.toFixed(0)} ms, p95 ${figures.p95Ms.toFixed(0)} ms, max ${figures.maxMs.toFixed(0)} ms`,
  );
  console.log(`  of which the rebuild (as \`snapi dev\` reports it): median ${figures.rebuildMedianMs.toFixed(0)} ms`);
  console.log(
    figures.p95Ms <= DEV_P95_LIMIT_MS
      ? `  p95 within ${DEV_P95_LIMIT_MS} ms`
      : `  FAILED: p95 above ${DEV_P95_LIMIT_MS} ms`,
  );
  if (figures.p95Ms > DEV_P95_LIMIT_MS) process.exitCode = 1;
}
