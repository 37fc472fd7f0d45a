// `npx tsx test/bench/search-bench.ts [--pages 4000] [--seconds 5]`: search on a generated site — build share, index size, quality, p99 over HTTP.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import { KEYS, keyOf } from '../../gateway/api/endpoints.ts';
import { SEARCH_INDEX_KEY } from '../../gateway/search/search-format.ts';
import { loadSnapshot } from '../../gateway/snapshot/snapshot-loader.ts';
import { buildSearchIndex } from '../../generator/search/build-search-index.ts';
import { searchDocuments } from '../../generator/search/search-documents.ts';
import type { BuiltResponse } from '../../generator/types.ts';
import { PROJECT_ROOT, snapiBuildArgs } from './build-bench.ts';
import { runLoad } from './run-load.ts';
import { makeSite } from './make-site.ts';
import { measureRun } from './measure.ts';
import { measureQuality } from './search-figures.ts';
import { startGatewayProcess } from './servers.ts';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '4000' }, seconds: { type: 'string', default: '5' } } });

const workDir = join(PROJECT_ROOT, 'test', '.tmp', 'search-bench');
const log = (line: string) => console.error(`[search-bench] ${line}`);
const taskset = spawnSync('sh', ['-c', 'command -v taskset'], { encoding: 'utf8' }).stdout.trim() !== '';
const tools = { taskset, eleventy: { missing: 'unused' }, hugo: { missing: 'unused' }, nginx: { missing: 'unused' } };

log(`making a ${values.pages}-page site`);
const site = makeSite({ directory: join(workDir, 'site'), pages: Number(values.pages) });
const dist = join(workDir, 'dist');
log('full build (with the search index)');
const build = await measureRun(process.execPath, snapiBuildArgs(site.site, dist), PROJECT_ROOT);

const state = await loadSnapshot(dist, { lookup: async () => [] });
const { snapshot } = state;
const search = snapshot.search;
if (search === undefined) throw new Error('the snapshot has no search index');
const indexBytes = snapshot.entries.get(SEARCH_INDEX_KEY)?.identity.size ?? Number.NaN;

// The build's search step again, in this process, on the snapshot's own bodies: its share of the build.
const body = (key: string) => {
  const entry = snapshot.entries.get(key);
  return entry === undefined ? undefined : readFileSync(join(snapshot.directory, entry.identity.file), 'utf8');
};
const urls = [...snapshot.entries.keys()].filter((key) => key.startsWith('item:')).map((key) => key.slice('item:'.length));
const responses: BuiltResponse[] = urls.flatMap((url) => [keyOf(KEYS.contentLive, url), keyOf(KEYS.contentDraft, url), keyOf(KEYS.meta, url)]
  .flatMap((key): BuiltResponse[] => {
    const text = body(key);
    const restriction = snapshot.entries.get(key)?.restriction;
    return text === undefined ? [] : [{ key, body: text, ...(restriction ? { restriction } : {}) }];
  }));
const pages = urls.map((url) => ({ url, slug: url.split('/').at(-1) ?? '', name: url }));
const started = performance.now();
const documents = searchDocuments(pages, responses);
const stored = JSON.stringify(await buildSearchIndex(documents, 'en'));
const searchStepMs = performance.now() - started;
// The alternative measured against: one index per visibility variant instead of per-document flags.
const liveOnly = JSON.stringify(await buildSearchIndex(documents.filter(({ document }) => document.live), 'en')).length;
const draftOnly = JSON.stringify(await buildSearchIndex(documents.filter(({ document }) => document.draft), 'en')).length;

log('quality and in-process latency');
const admin = site.users.find((user) => user.role === 'administrator') ?? site.users[0]!;
const quality = await measureQuality(search, { username: admin.username, role: admin.role });

log(`HTTP: 50 connections for ${values.seconds} s`);
const port = 18_000 + (process.pid % 1000);
const server = await startGatewayProcess(tools, dist, port);
let http;
let repeated;
try {
  const authorization = `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString('base64')}`;
  const requestsFor = (queries: string[]) => queries.map((query) => ({ path: `/api/v1/search?q=${encodeURIComponent(query)}&limit=10`, headers: { Authorization: authorization } }));
  const titles = search.documents.filter((document) => document.live).map((document) => document.title);
  // Every query different: each one is matched, ranked and snipped.
  const fresh = { url: `http://127.0.0.1:${port}`, connections: 50, requests: requestsFor(titles.slice(1000, 4000)) };
  await runLoad(tools, workDir, { ...fresh, durationSeconds: 1 });
  http = await runLoad(tools, workDir, { ...fresh, durationSeconds: Number(values.seconds) });
  // 100 popular queries asked again and again: answered from the answer cache after their first time.
  const popular = { ...fresh, requests: requestsFor(titles.slice(0, 100)) };
  await runLoad(tools, workDir, { ...popular, durationSeconds: 2 });
  repeated = await runLoad(tools, workDir, { ...popular, durationSeconds: Number(values.seconds) });
} finally {
  await server.stop();
}

const markdownBytes = site.bytes;
const figures = {
  pages: Number(values.pages),
  documents: search.documents.length,
  buildMs: Math.round(build.wallMs),
  searchStepMs: Math.round(searchStepMs),
  searchShareOfBuild: searchStepMs / build.wallMs,
  markdownBytes,
  indexBytes,
  indexShareOfMarkdown: indexBytes / markdownBytes,
  twoIndexBytes: liveOnly + draftOnly,
  oneIndexBytes: stored.length,
  quality,
  http,
  repeated,
};
const targets = [
  ['search: title in top 3, all pages', `${(quality.titleTop3 * 100).toFixed(1)} %`, '≥ 95 %', quality.titleTop3 >= 0.95],
  [`search: title in top 3, the ${quality.distinctTitlePages} pages whose title ≤ 2 others share`, `${(quality.distinctTitleTop3 * 100).toFixed(1)} %`, '≥ 95 %', quality.distinctTitleTop3 >= 0.95],
  ['search: p99 at 50 connections, every query new', `${http.p99Ms} ms`, '≤ 5 ms', http.p99Ms <= 5],
  ['search: p99 at 50 connections, 100 repeated queries', `${repeated.p99Ms} ms`, '≤ 5 ms', repeated.p99Ms <= 5],
  ['search: index build / full build', `${(figures.searchShareOfBuild * 100).toFixed(1)} %`, '≤ 15 %', figures.searchShareOfBuild <= 0.15],
  ['search: index size / markdown size', `${(figures.indexShareOfMarkdown * 100).toFixed(1)} %`, '≤ 30 %', figures.indexShareOfMarkdown <= 0.3],
] as const;
console.log(`\n| measure | value | target | met |\n|---|---|---|---|\n${targets.map(([measure, value, target, met]) => `| ${measure} | ${value} | ${target} | ${met ? 'yes' : 'no'} |`).join('\n')}\n`);
console.log(JSON.stringify(figures, null, 2));
writeFileSync(join(import.meta.dirname, 'search-results.json'), JSON.stringify({ date: new Date().toISOString(), figures, targets }, null, 2) + '\n');
