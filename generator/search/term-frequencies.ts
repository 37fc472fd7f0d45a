// How many documents hold each term in their headings or text, kept up to date page by page, so the site's common
// terms (search-format.ts COMMON_TERMS) can be told after an edit from the terms the edit touched.
import { COMMON_TERMS } from '../../contract/search/search-format.ts';
import type { CountedPage } from './page-search.ts';

const TITLE = 0;

export interface TermFrequencies {
  /** Documents counted (a page has none, one, or live and draft). */
  documents: number;
  /** Term → documents whose headings or text hold it; terms no document holds are not kept. */
  byTerm: Map<string, number>;
}

export const emptyFrequencies = (): TermFrequencies => ({ documents: 0, byTerm: new Map() });

/** Counts a page's documents in (`sign` 1) or out (−1), adding each term whose count moved to `touched` (when given). */
export function countPage(frequencies: TermFrequencies, page: CountedPage, sign: 1 | -1, touched?: Set<string>): void {
  for (const { fields } of page.documents) {
    frequencies.documents += sign;
    const terms = new Set<string>();
    for (let field = TITLE + 1; field < fields.length; field++)
      for (const term of fields[field]!.terms.keys()) terms.add(term);
    for (const term of terms) {
      const count = (frequencies.byTerm.get(term) ?? 0) + sign;
      if (count === 0) frequencies.byTerm.delete(term);
      else frequencies.byTerm.set(term, count);
      touched?.add(term);
    }
  }
}

/** commonTermsIn's rule on the counts. */
function isCommon(count: number, documents: number): boolean {
  return documents >= COMMON_TERMS.minPages && count > documents * COMMON_TERMS.share;
}

/** The common terms now: `previous` itself when they did not change. Only the touched terms are looked at while the
 *  document count stays the same; a new count moves the threshold of every term, so then all are. */
export function commonTermsAfter(
  frequencies: TermFrequencies,
  previous: { commonTerms: ReadonlySet<string>; documents: number } | undefined,
  touched: ReadonlySet<string>,
): ReadonlySet<string> {
  const { documents, byTerm } = frequencies;
  if (previous === undefined || previous.documents !== documents) {
    const common = new Set<string>();
    for (const [term, count] of byTerm) if (isCommon(count, documents)) common.add(term);
    return previous !== undefined && sameTerms(common, previous.commonTerms) ? previous.commonTerms : common;
  }
  let common: Set<string> | undefined;
  for (const term of touched) {
    if (isCommon(byTerm.get(term) ?? 0, documents) === previous.commonTerms.has(term)) continue;
    common ??= new Set(previous.commonTerms);
    if (common.has(term)) common.delete(term);
    else common.add(term);
  }
  return common ?? previous.commonTerms;
}

function sameTerms(left: ReadonlySet<string>, right: ReadonlySet<string>): boolean {
  if (left.size !== right.size) return false;
  for (const term of left) if (!right.has(term)) return false;
  return true;
}
