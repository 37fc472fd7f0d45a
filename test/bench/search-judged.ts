// `npx tsx test/bench/search-judged.ts --docs DIR`: the judged queries on the Typemill documentation. DIR is a checkout
// of github.com/typemill/docs (its content folder; not vendored, the repository has no licence); nothing is fetched
// here. Builds it as a site into test/.tmp/typemill-docs, prints each miss and the share in the first three; exit 1
// below 97 %.
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildSite } from '../../generator/build-site.ts';
import { loadSnapshot } from '../../gateway/snapshot/snapshot-loader.ts';
import { judge, misses } from '../search/judge.ts';
import { TYPEMILL_DOCS_JUDGED } from '../search/judged-typemill-docs.ts';
import { PROJECT_ROOT } from './build-bench.ts';

const TARGET = 0.97;
const { values } = parseArgs({ options: { docs: { type: 'string' } } });
if (values.docs === undefined) {
  console.error('search-judged: --docs is required (a checkout of github.com/typemill/docs)');
  process.exit(2);
}
const work = join(PROJECT_ROOT, 'test', '.tmp', 'typemill-docs');
const site = join(work, 'site');
await rm(work, { recursive: true, force: true });
await mkdir(join(site, 'settings'), { recursive: true });
await cp(resolve(values.docs), join(site, 'content'), {
  recursive: true,
  filter: (source) => !/[/\\]\.git(ignore)?$|\.png$/.test(source),
});
await writeFile(join(site, 'settings', 'settings.yaml'), "title: 'Typemill Documentation'\nlanguage: en\n");
const outcome = await buildSite({ site, out: join(work, 'dist'), baseUrl: 'http://localhost:8080', workers: 0 });
if (!outcome.ok) throw new Error(outcome.errors.map((error) => error.message).join('\n'));
const { snapshot } = await loadSnapshot(join(work, 'dist'), { lookup: async () => [] });
if (snapshot.search === undefined) throw new Error('the snapshot has no search index');
const { top3, results } = await judge(snapshot.search, TYPEMILL_DOCS_JUDGED, {
  username: 'judge',
  role: 'administrator',
});
const first = results.filter((result) => result.rank === 1).length;
console.log(misses(results));
console.log(
  `${results.length} judged queries on ${snapshot.search.documents.length} documents: ${(top3 * 100).toFixed(1)} % in the first three ` +
    `(${Math.round(top3 * results.length)}), ${first} first; target ≥ ${TARGET * 100} %`,
);
process.exit(top3 >= TARGET ? 0 : 1);
