// `npx tsx test/bench/search-cpu.ts [--pages 2000] [--reuse]`: the search's CPU per answer in this process (matching,
// ranking and snippets, no HTTP), every title once and pairs of frequent words, and the index's bytes, on the build
// benchmark's generated site: a quick figure for a ranking change, beside the gateway rows of `npm run bench`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SEARCH_SHARD_PREFIX } from '../../contract/endpoints.ts';
import { SEARCH_INDEX_KEY } from '../../contract/search/search-format.ts';
import { tokensOf } from '../../contract/search/search-terms.ts';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { parseQuery } from '../../gateway/http/query.ts';
import { runSearch } from '../../gateway/search/run-search.ts';
import type { SearchIndex } from '../../gateway/search/search-index.ts';
import { isSearchRequest, parseSearchRequest } from '../../gateway/search/search-query.ts';
import { loadSnapshot } from '../../gateway/snapshot/snapshot-loader.ts';
import { PROJECT_ROOT } from './build-bench.ts';
import { makeSite } from './make-site.ts';
import { wordMix } from './search-load.ts';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '2000' }, reuse: { type: 'boolean' } } });
const pages = Number(values.pages);
const work = join(PROJECT_ROOT, 'test', '.tmp', `search-cpu-${pages}`);
const dist = join(work, 'dist');
if (!values.reuse || !existsSync(dist)) {
  const site = makeSite({ pages, directory: work });
  const outcome = await buildSite({ site: site.site, out: dist, baseUrl: 'http://localhost:8080', workers: 0 });
  if (!outcome.ok) throw new Error(outcome.errors.map((error) => error.message).join('\n'));
}
const { snapshot } = await loadSnapshot(dist, { lookup: async () => [] });
const index = snapshot.search;
if (index === undefined) throw new Error('no search index');
const indexBytes = [...snapshot.entries]
  .filter(([key]) => key === SEARCH_INDEX_KEY || key.startsWith(`${SEARCH_SHARD_PREFIX}:`))
  .reduce((sum, [, entry]) => sum + entry.identity.size, 0);
const user = { username: 'admin', role: 'administrator' };

async function cpuPerAnswer(search: SearchIndex, queries: readonly string[]): Promise<number> {
  const ask = async (q: string) => {
    const request = parseSearchRequest(parseQuery(`q=${encodeURIComponent(q)}&limit=10`));
    if (isSearchRequest(request)) await runSearch(search, request, user);
  };
  // A first pass reads the page texts snippets are cut from, as a gateway serving for a while has them in memory.
  for (const q of queries) await ask(q);
  const before = process.cpuUsage();
  for (const q of queries) await ask(q);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / queries.length;
}

const titles = index.documents.filter((document) => document.live).map((document) => document.title);
const counts = new Map<string, number>();
for (const title of titles)
  for (const word of tokensOf(title)) {
    const lower = word.toLowerCase();
    if (!index.tools.stopwords.has(lower)) counts.set(lower, (counts.get(lower) ?? 0) + 1);
  }
const frequent = [...counts]
  .sort((left, right) => right[1] - left[1])
  .slice(0, 100)
  .map(([word]) => word);
const titleCpu = await cpuPerAnswer(index, titles);
const pairCpu = await cpuPerAnswer(index, wordMix(frequent, 2000));
console.log(
  `${index.documents.length} documents; index ${indexBytes} bytes; CPU per answer: every title once ${titleCpu.toFixed(0)} µs, ` +
    `pairs and triples of frequent title words ${pairCpu.toFixed(0)} µs (in process, no HTTP)`,
);
