// `npx tsx test/bench/search-judged.ts [--docs DIR]`: the judged queries (success@3 and MRR) on the sample site and
// the search-docs fixture, and with --docs on the Typemill documentation. DIR is a checkout of github.com/typemill/docs
// (its content folder; not vendored, the repository has no licence); nothing is fetched here. Builds it as a site into
// test/.tmp/typemill-docs with the synonyms its judged set declares; prints one row per set; exit 1 when one misses
// its target.
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { loadSnapshot } from '../../gateway/snapshot/snapshot-loader.ts';
import { TYPEMILL_DOCS_JUDGED, TYPEMILL_DOCS_SYNONYMS } from '../search/judged-typemill-docs.ts';
import { PROJECT_ROOT } from './build-bench.ts';
import { judgedRows } from './search-judged-rows.ts';

const { values } = parseArgs({ options: { docs: { type: 'string' } } });
const docs = values.docs === undefined ? undefined : await typemillDocs(resolve(values.docs));
const rows = await judgedRows(docs);
for (const row of rows) console.log(`${row.met ? 'met ' : 'MISS'} ${row.measure}: ${row.note}`);
process.exit(rows.every((row) => row.met) ? 0 : 1);

/** The Typemill documentation built as a site, its search index and its judged queries. */
async function typemillDocs(checkout: string) {
  const work = join(PROJECT_ROOT, 'test', '.tmp', 'typemill-docs');
  const site = join(work, 'site');
  await rm(work, { recursive: true, force: true });
  await mkdir(join(site, 'settings'), { recursive: true });
  await cp(checkout, join(site, 'content'), {
    recursive: true,
    filter: (source) => !/[/\\]\.git(ignore)?$|\.png$/.test(source),
  });
  await writeFile(
    join(site, 'settings', 'settings.yaml'),
    `title: 'Typemill Documentation'\nlanguage: en\n${TYPEMILL_DOCS_SYNONYMS}`,
  );
  const outcome = await buildSite({ site, out: join(work, 'dist'), baseUrl: 'http://localhost:8080', workers: 0 });
  if (!outcome.ok) throw new Error(outcome.errors.map((error) => error.message).join('\n'));
  const { snapshot } = await loadSnapshot(join(work, 'dist'), { lookup: async () => [] });
  if (snapshot.search === undefined) throw new Error('the snapshot has no search index');
  return { index: snapshot.search, queries: TYPEMILL_DOCS_JUDGED };
}
