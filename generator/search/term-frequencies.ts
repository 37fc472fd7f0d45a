// How many documents hold each term in their headings or text, kept up to date page by page, so the site's common
// terms (search-format.ts COMMON_TERMS) can be told after an edit from the terms the edit touched.
import { COMMON_TERMS } from '../../contract/search/search-format.ts';
import { fieldStart } from './document-counts.ts';
import type { CountedPage } from './page-search.ts';

const TITLE = 0;

/** Term ids (TermTable), as the counts name terms; the common terms are a set of them. */
export interface TermFrequencies {
  /** Documents counted (a page has none, one, or live and draft). */
  documents: number;
  /** Term id → documents whose headings or text hold it (0 for ids past its end). */
  byTerm: Uint32Array;
}

export const emptyFrequencies = (): TermFrequencies => ({ documents: 0, byTerm: new Uint32Array(0) });

/** Counts a page's documents in (`sign` 1) or out (−1), adding each term whose count moved to `touched` (when given). */
export function countPage(frequencies: TermFrequencies, page: CountedPage, sign: 1 | -1, touched?: Set<number>): void {
  for (const { counts } of page.documents) {
    frequencies.documents += sign;
    const terms = new Set<number>();
    // Headings and text, the fields after the title, lie together at the end.
    for (let position = fieldStart(counts, TITLE + 1); position < counts.ids.length; position++)
      terms.add(counts.ids[position]!);
    for (const id of terms) {
      if (id >= frequencies.byTerm.length) frequencies.byTerm = grown(frequencies.byTerm, id);
      frequencies.byTerm[id] = frequencies.byTerm[id]! + sign;
      touched?.add(id);
    }
  }
}

function grown(array: Uint32Array, index: number): Uint32Array {
  const larger = new Uint32Array(Math.max(array.length * 2, index + 1, 1024));
  larger.set(array);
  return larger;
}

/** commonTermsIn's rule on the counts. */
function isCommon(count: number, documents: number): boolean {
  return documents >= COMMON_TERMS.minPages && count > documents * COMMON_TERMS.share;
}

/** The common terms now: `previous` itself when they did not change. Only the touched terms are looked at while the
 *  document count stays the same; a new count moves the threshold of every term, so then all are. */
export function commonTermsAfter(
  frequencies: TermFrequencies,
  previous: { commonTerms: ReadonlySet<number>; documents: number } | undefined,
  touched: ReadonlySet<number>,
): ReadonlySet<number> {
  const { documents, byTerm } = frequencies;
  if (previous === undefined || previous.documents !== documents) {
    const common = new Set<number>();
    byTerm.forEach((count, id) => {
      if (isCommon(count, documents)) common.add(id);
    });
    return previous !== undefined && sameTerms(common, previous.commonTerms) ? previous.commonTerms : common;
  }
  let common: Set<number> | undefined;
  for (const term of touched) {
    if (isCommon(byTerm[term] ?? 0, documents) === previous.commonTerms.has(term)) continue;
    common ??= new Set(previous.commonTerms);
    if (common.has(term)) common.delete(term);
    else common.add(term);
  }
  return common ?? previous.commonTerms;
}

function sameTerms(left: ReadonlySet<number>, right: ReadonlySet<number>): boolean {
  if (left.size !== right.size) return false;
  for (const term of left) if (!right.has(term)) return false;
  return true;
}
