// Search quality and in-process latency on a loaded index: title top-3, one-typo top-3, prefix top-3, p50/p99 per
// query.
import type { AuthenticatedUser } from '../../gateway/auth/credential-cache.ts';
import { runSearch } from '../../gateway/search/run-search.ts';
import type { SearchIndex } from '../../gateway/search/search-index.ts';
import { parseSearchRequest, isSearchRequest } from '../../gateway/search/search-query.ts';
import { parseQuery } from '../../gateway/http/query.ts';
import { fold, wordsOf } from '../../contract/search/search-terms.ts';

export interface QualityFigures {
  pages: number;
  titleTop3: number;
  /** Among pages whose title at most two other pages share: a query cannot put more than three equal titles in the top
   *  3. */
  distinctTitlePages: number;
  distinctTitleTop3: number;
  /** The best share any ranking can reach: a title whose words n pages share finds at most three of them (Σ min(n, 3) /
   *  pages). */
  ceiling: number;
  /** The most pages whose titles have the same words. */
  largestSameTitle: number;
  typoTop3: number;
  prefixTop3: number;
  p50Ms: number;
  p99Ms: number;
}

/** One substitution in the middle of the longest word of five letters or more; the title as is when it has none. */
export function withTypo(title: string): string {
  const longest = title
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]{5,}$/.test(word))
    .sort((left, right) => right.length - left.length)[0];
  if (longest === undefined) return title;
  const middle = Math.floor(longest.length / 2);
  const replaced = longest.slice(0, middle) + (longest[middle] === 'x' ? 'y' : 'x') + longest.slice(middle + 1);
  return title.replace(longest, replaced);
}

/** The title with the last word cut to its first three letters, as while typing. */
export function asTyped(title: string): string {
  const words = title.trim().split(/\s+/);
  const last = words.pop() ?? '';
  return [...words, last.slice(0, Math.max(3, Math.ceil(last.length / 2)))].join(' ');
}

export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

export async function measureQuality(index: SearchIndex, user: AuthenticatedUser): Promise<QualityFigures> {
  const pages = index.documents.filter((document) => document.live);
  const times: number[] = [];
  const inTop3 = async (query: string, url: string) => {
    const request = parseSearchRequest(parseQuery(`q=${encodeURIComponent(query.slice(0, 200))}&limit=3`));
    if (!isSearchRequest(request)) return false;
    const started = performance.now();
    const answer = await runSearch(index, request, user);
    times.push(performance.now() - started);
    return answer.results.some((result) => result.url === url);
  };
  const titleCounts = new Map<string, number>();
  for (const page of pages) titleCounts.set(page.title, (titleCounts.get(page.title) ?? 0) + 1);
  const distinct = new Set(pages.filter((page) => (titleCounts.get(page.title) ?? 0) <= 3));
  // Titles with the same words (case and accents aside, in any order) are the same query and get the same three
  // results.
  const sameQuery = new Map<string, number>();
  for (const page of pages) {
    const words = wordsOf(page.title)
      .map(({ word }) => fold(word.toLowerCase()))
      .sort()
      .join(' ');
    sameQuery.set(words, (sameQuery.get(words) ?? 0) + 1);
  }
  const ceiling = [...sameQuery.values()].reduce((sum, count) => sum + Math.min(count, 3), 0) / pages.length;
  let distinctFound = 0;
  const share = async (make: (title: string) => string, countDistinct = false) => {
    let found = 0;
    for (const page of pages) {
      if (!(await inTop3(make(page.title), page.url))) continue;
      found++;
      if (countDistinct && distinct.has(page)) distinctFound++;
    }
    return found / pages.length;
  };
  const titleTop3 = await share((title) => title, true);
  const typoTop3 = await share(withTypo);
  const prefixTop3 = await share(asTyped);
  return {
    pages: pages.length,
    titleTop3,
    distinctTitlePages: distinct.size,
    distinctTitleTop3: distinctFound / distinct.size,
    ceiling,
    largestSameTitle: Math.max(...sameQuery.values()),
    typoTop3,
    prefixTop3,
    p50Ms: percentile(times, 0.5),
    p99Ms: percentile(times, 0.99),
  };
}
