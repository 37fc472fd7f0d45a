// Scores a judged query set: the rank of each query's expected page, and the share found in the first three.
import type { AuthenticatedUser } from '../../gateway/auth/credential-cache.ts';
import { parseQuery } from '../../gateway/http/query.ts';
import { runSearch } from '../../gateway/search/run-search.ts';
import type { SearchIndex } from '../../gateway/search/search-index.ts';
import { isSearchRequest, parseSearchRequest } from '../../gateway/search/search-query.ts';

/** A query as a reader types it and the URL of the page the reader means. */
export type JudgedQuery = readonly [query: string, expected: string];

export interface JudgedResult {
  query: string;
  expected: string;
  /** 1 for the first result; null when not among the first 10. */
  rank: number | null;
  /** The first three URLs, to show what came instead. */
  top: string[];
}

export async function judge(
  index: SearchIndex,
  queries: readonly JudgedQuery[],
  user: AuthenticatedUser,
): Promise<{ top3: number; mrr: number; results: JudgedResult[] }> {
  const results: JudgedResult[] = [];
  for (const [query, expected] of queries) {
    const request = parseSearchRequest(parseQuery(`q=${encodeURIComponent(query)}&limit=10`));
    if (!isSearchRequest(request)) throw new Error(`judged query "${query}" is not a valid request`);
    const urls = (await runSearch(index, request, user)).results.map((result) => result.url);
    const position = urls.indexOf(expected);
    results.push({ query, expected, rank: position === -1 ? null : position + 1, top: urls.slice(0, 3) });
  }
  return {
    top3: results.filter((result) => result.rank !== null && result.rank <= 3).length / results.length,
    // Mean reciprocal rank: 1 for the page first, 1/2 second, …, 0 beyond the first 10.
    mrr: results.reduce((sum, result) => sum + (result.rank === null ? 0 : 1 / result.rank), 0) / results.length,
    results,
  };
}

/** The queries whose page is not in the first three, one line each. */
export function misses(results: readonly JudgedResult[]): string {
  return results
    .filter((result) => result.rank === null || result.rank > 3)
    .map(
      (result) => `${result.query} → ${result.expected}: rank ${result.rank ?? '> 10'}, got ${result.top.join(', ')}`,
    )
    .join('\n');
}
