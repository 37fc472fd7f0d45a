// The judged-query rows of `npm run bench`: success@3 and mean reciprocal rank on the sample site (its judged set and
// its questions), on the search-docs fixture, and on the Typemill documentation when a checkout is given.
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { loadSnapshot } from '../../gateway/snapshot/snapshot-loader.ts';
import type { AuthenticatedUser } from '../../gateway/auth/credential-cache.ts';
import type { SearchIndex } from '../../gateway/search/search-index.ts';
import { FIXTURES, removeDir } from '../helpers/fixture-site.ts';
import { judge, misses } from '../search/judge.ts';
import type { JudgedQuery } from '../search/judge.ts';
import { SAMPLE_JUDGED, SAMPLE_QUESTIONS } from '../search/judged-sample.ts';
import { SEARCH_DOCS_JUDGED } from '../search/judged-search-docs.ts';
import { TYPEMILL_DOCS_JUDGED, TYPEMILL_DOCS_SYNONYMS } from '../search/judged-typemill-docs.ts';
import { PROJECT_ROOT } from './build-bench.ts';
import { buildSampleDist, sampleSearchIndex } from '../search/sample-dist.ts';
import type { TargetRow } from './report.ts';

const TOP3_TARGET = 0.97;
const MRR_TARGET = 0.93;
const JUDGE: AuthenticatedUser = { username: 'judge', role: 'administrator' };

/** One row: success@3 as the value, MRR and the misses in the note. */
export async function judgedRow(
  label: string,
  index: SearchIndex,
  queries: readonly JudgedQuery[],
): Promise<TargetRow> {
  const { top3, mrr, results } = await judge(index, queries, JUDGE);
  const missed = misses(results);
  return {
    measure: `search: judged queries, ${label} (${results.length}), right page in the first 3`,
    value: top3,
    target: `≥ ${TOP3_TARGET}, MRR ≥ ${MRR_TARGET}`,
    met: top3 >= TOP3_TARGET && mrr >= MRR_TARGET,
    note: `${(top3 * 100).toFixed(1)} %, MRR ${mrr.toFixed(3)}${missed === '' ? '' : `; missed: ${missed.replaceAll('\n', '; ')}`}`,
  };
}

/** The rows of the judged sets in the repository (`docsIndex`: the Typemill documentation's, built by the caller). */
export async function judgedRows(docs?: { index: SearchIndex; queries: readonly JudgedQuery[] }): Promise<TargetRow[]> {
  const rows: TargetRow[] = [];
  for (const [label, site, queries] of [
    ['sample site', undefined, [...SAMPLE_JUDGED, ...SAMPLE_QUESTIONS]],
    ['search-docs fixture', join(FIXTURES, 'search-docs'), SEARCH_DOCS_JUDGED],
  ] as const) {
    const dist = await buildSampleDist('bench-judged', site);
    try {
      rows.push(await judgedRow(label, await sampleSearchIndex(dist), queries));
    } finally {
      await removeDir(dist);
    }
  }
  if (docs !== undefined) rows.push(await judgedRow('Typemill documentation', docs.index, docs.queries));
  return rows;
}

/** The Typemill documentation built as a site, its search index and its judged queries. */
export async function typemillDocs(checkout: string) {
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
