// Each document's words in order where order says most, its title and its first lines (search-lead.ts), as term
// numbers; and how many of a query's neighbouring word pairs a document holds close together there.
import { leadWord } from '../../contract/search/search-lead.ts';
import type { LanguageTools } from '../../contract/search/search-terms.ts';
import { fold, tokensOf } from '../../contract/search/search-terms.ts';
import type { PostingIndex } from './posting-builder.ts';

/** Two query words stand close in a page when at most this many other words (stop words left out) come between. */
export const NEAR_WORDS = 1;

/** Document d's words are `words[starts[d]]` … `words[starts[d + 1] − 1]`: its title, −1, its lead. */
export interface WordOrder {
  starts: Uint32Array;
  words: Int32Array;
}

/** The word order of every document from its title (stemmed here) and its lead (term numbers, as the index stores
 *  them). A title word the index lacks is −1, so it is next to nothing. */
export function wordOrder(
  titles: readonly string[],
  leads: ReadonlyArray<readonly number[]> | undefined,
  postings: PostingIndex,
  tools: LanguageTools,
): WordOrder {
  const starts = new Uint32Array(titles.length + 1);
  const words: number[] = [];
  titles.forEach((title, id) => {
    for (const word of tokensOf(title)) {
      const kept = leadWord(word, tools);
      if (kept !== undefined) words.push(postings.terms.get(kept) ?? -1);
    }
    const lead = leads?.[id];
    if (lead !== undefined && lead.length > 0) words.push(-1, ...lead);
    starts[id + 1] = words.length;
  });
  return { starts, words: Int32Array.from(words) };
}

/** How many of `pairs` (each: the term numbers of a query word, then of the word after it) stand in that order and
 *  close together in the document's title or lead. */
export function pairsHeld(order: WordOrder, id: number, pairs: ReadonlyArray<readonly [number[], number[]]>): number {
  const { starts, words } = order;
  const end = starts[id + 1]!;
  let held = 0;
  for (const [first, second] of pairs) {
    let found = false;
    for (let at = starts[id]!; at < end && !found; at++) {
      if (!first.includes(words[at]!)) continue;
      for (let next = at + 1; next < end && next <= at + 1 + NEAR_WORDS; next++) {
        if (words[next] === -1) break;
        if (second.includes(words[next]!)) found = true;
      }
    }
    if (found) held++;
  }
  return held;
}

/** A title or query as compared whole: its words lower-case and accent-free, stop words kept, one space between. */
export function wholeWords(words: readonly string[]): string {
  return words.map((word) => fold(word.toLowerCase())).join(' ');
}

/** Documents by their whole title (wholeWords), for a query that is a page's title word for word. */
export function titleIndex(titles: readonly string[]): Map<string, number[]> {
  const byTitle = new Map<string, number[]>();
  titles.forEach((title, id) => {
    const key = wholeWords(tokensOf(title));
    const same = byTitle.get(key);
    if (same === undefined) byTitle.set(key, [id]);
    else same.push(id);
  });
  return byTitle;
}
