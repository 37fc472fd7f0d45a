// Each document's words in order where order says most, its title and its first lines (search-lead.ts), as term
// numbers; and how closely a document holds a pair of the query's neighbouring words there.
import { leadWord } from '../../contract/search/search-lead.ts';
import type { LanguageTools } from '../../contract/search/search-terms.ts';
import { fold, tokensOf } from '../../contract/search/search-terms.ts';
import type { PostingIndex } from './posting-builder.ts';

/** Two query words stand close in a page's first lines when at most this many other words (stop words left out) come
 *  between. */
export const NEAR_WORDS = 1;

/** Document d's title words are `words[starts[d]]` … `words[leads[d] − 1]`, its lead's `words[leads[d]]` …
 *  `words[starts[d + 1] − 1]`. */
export interface WordOrder {
  starts: Uint32Array;
  leads: Uint32Array;
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
  const leadStarts = new Uint32Array(titles.length);
  const words: number[] = [];
  titles.forEach((title, id) => {
    for (const word of tokensOf(title)) {
      const kept = leadWord(word, tools);
      if (kept !== undefined) words.push(postings.terms.get(kept) ?? -1);
    }
    leadStarts[id] = words.length;
    const lead = leads?.[id];
    if (lead !== undefined) words.push(...lead);
    starts[id + 1] = words.length;
  });
  return { starts, leads: leadStarts, words: Int32Array.from(words) };
}

function holds(terms: readonly number[], word: number): boolean {
  return word !== -1 && terms.includes(word);
}

/** How closely the document holds the pair, from 1 to 0: 1 for both words anywhere in its title (a title is short,
 *  and "Templates with Twig" says what `twig templates` asks) or the first right before the second in its lead, halved
 *  for each other word between them there, 0 beyond NEAR_WORDS. */
export function pairCloseness(
  order: WordOrder,
  id: number,
  first: readonly number[],
  second: readonly number[],
): number {
  const words = order.words;
  const lead = order.leads[id]!;
  const end = order.starts[id + 1]!;
  let firstInTitle = false;
  let secondInTitle = false;
  for (let at = order.starts[id]!; at < lead && !(firstInTitle && secondInTitle); at++) {
    if (!firstInTitle && holds(first, words[at]!)) firstInTitle = true;
    else if (!secondInTitle && holds(second, words[at]!)) secondInTitle = true;
  }
  if (firstInTitle && secondInTitle) return 1;
  let closeness = 0;
  for (let at = lead; at < end; at++) {
    if (!holds(first, words[at]!)) continue;
    for (let between = 0; between <= NEAR_WORDS && at + 1 + between < end; between++)
      if (holds(second, words[at + 1 + between]!)) closeness = Math.max(closeness, 1 / 2 ** between);
    if (closeness === 1) break;
  }
  return closeness;
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
