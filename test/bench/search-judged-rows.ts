// The judged-query rows of `npm run bench`: success@3 and mean reciprocal rank on the sample site (its judged set and
// its questions), on the search-docs fixture, and on the Typemill documentation when a checkout is given.
import { join } from 'node:path';
import type { AuthenticatedUser } from '../../gateway/auth/credential-cache.ts';
import type { SearchIndex } from '../../gateway/search/search-index.ts';
import { FIXTURES, removeDir } from '../helpers/fixture-site.ts';
import { judge, misses } from '../search/judge.ts';
import type { JudgedQuery } from '../search/judge.ts';
import { SAMPLE_JUDGED, SAMPLE_QUESTIONS } from '../search/judged-sample.ts';
import { SEARCH_DOCS_JUDGED } from '../search/judged-search-docs.ts';
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
