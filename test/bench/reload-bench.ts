// Reload benchmark: the gateway's swap after a one-page publish, taking over what did not change from the snapshot
// served before, against a fresh load of the same snapshot; and the first authenticated request after each.
// Run: npx tsx test/bench/reload-bench.ts [--pages N] [--rounds N] (target: a few tens of ms at 4,000 pages, issue #24).
import { buildWithCli } from './publish-bench.ts';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { makeSite } from './make-site.ts';
import type { BenchUser } from './make-site.ts';
import { loadSnapshot } from '../../gateway/snapshot/snapshot-loader.ts';
import type { LoadOptions, ServingState } from '../../gateway/snapshot/serving-state.ts';
import { checkCredentials, verifyWithBcrypt } from '../../gateway/auth/authenticate.ts';
import { createLoginLimiter, DEFAULT_LIMITER_OPTIONS } from '../../gateway/auth/login-limiter.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const OPTIONS: LoadOptions = { lookup: async () => [] };

const median = (values: number[]) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)]!;
const round = (ms: number) => Number(ms.toFixed(1));

async function timed<T>(task: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await task();
  return { ms: performance.now() - started, value };
}

/** Milliseconds to authenticate `user` against a state's tables, as the decision order does. */
async function authenticateMs(state: ServingState, user: BenchUser): Promise<number> {
  const authorization = `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;
  const tables = {
    accounts: state.snapshot.accounts,
    dummyHash: state.dummyHash,
    cache: state.credentials,
    verify: verifyWithBcrypt,
    limiter: createLoginLimiter(DEFAULT_LIMITER_OPTIONS),
  };
  const { ms, value } = await timed(async () =>
    checkCredentials({ address: '127.0.0.1', authorization, now: 0 }, tables),
  );
  if (!value.allowed) throw new Error(`${user.username} was not authenticated`);
  return ms;
}

/** Builds a site of `pages` pages, loads it, appends to one page, builds again and times the reload. */
export async function runReloadBench(pages: number, rounds = 5, workDir = join(ROOT, 'test', '.tmp', 'reload-bench')) {
  mkdirSync(workDir, { recursive: true });
  const site = makeSite({ directory: join(workDir, 'site'), pages });
  const dist = join(workDir, 'dist');
  rmSync(dist, { recursive: true, force: true });
  buildWithCli(site.site, dist);
  const user = site.users.find((candidate) => candidate.role === 'administrator')!;
  const served = await loadSnapshot(dist, OPTIONS);
  await authenticateMs(served, user);
  const page = site.samplePages[0];
  if (page === undefined) throw new Error('the made site has no sample page');
  appendFileSync(page, '\nOne sentence added for the reload benchmark.\n');
  buildWithCli(site.site, dist);
  const reloads: number[] = [];
  const fresh: number[] = [];
  let reloaded: ServingState | undefined;
  let loaded: ServingState | undefined;
  // Reloads first, each from the state served before the edit, as the gateway's watcher would, after one that warms
  // up the code only a reload runs (a gateway reloads many times); then fresh loads.
  const first = await timed(() => loadSnapshot(dist, OPTIONS, served));
  for (let time = 0; time < rounds; time++) {
    const reload = await timed(() => loadSnapshot(dist, OPTIONS, served));
    reloads.push(reload.ms);
    reloaded = reload.value;
  }
  for (let time = 0; time < rounds; time++) {
    const load = await timed(() => loadSnapshot(dist, OPTIONS));
    fresh.push(load.ms);
    loaded = load.value;
  }
  const stats = reloaded!.stats!;
  return {
    pages,
    rounds,
    firstReloadMs: round(first.ms),
    reloadMs: round(median(reloads)),
    reloadRangeMs: [round(Math.min(...reloads)), round(Math.max(...reloads))],
    freshLoadMs: round(median(fresh)),
    indexShards: stats.indexShards,
    indexShardsParsed: stats.indexShardsParsed,
    bodyFilesChecked: stats.bodyFilesChecked,
    searchShards: stats.searchShards,
    searchShardsParsed: stats.searchShardsParsed,
    credentialsKept: stats.credentialsKept,
    firstAuthenticatedAfterReloadMs: round(await authenticateMs(reloaded!, user)),
    firstAuthenticatedAfterFreshLoadMs: round(await authenticateMs(loaded!, user)),
  };
}

export type ReloadBenchFigures = Awaited<ReturnType<typeof runReloadBench>>;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { pages: { type: 'string', default: '4000' }, rounds: { type: 'string', default: '5' } },
  });
  console.log(JSON.stringify(await runReloadBench(Number(values.pages), Number(values.rounds)), null, 2));
  process.exit(0);
}
