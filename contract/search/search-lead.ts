// A page's first lines as the index keeps them for word order: the stems of its first words, so a page holding the
// query's words next to each other (in its title or first lines) can rank above one holding them far apart.
import { WORD, fold } from './search-terms.ts';
import type { LanguageTools } from './search-terms.ts';

/** Words of a page's body text, from its start, kept in order: its first lines, where a page says what it is about.
 *  Positions of every word would cost about as much again as the whole index. */
export const LEAD_WORDS = 30;

/** A word as the lead keeps it: its folded stem, the term the index also holds for it; none for a stop word, which is
 *  left out, so `create a theme` has `create` next to `theme`. */
export function leadWord(word: string, tools: LanguageTools): string | undefined {
  const lower = word.toLowerCase();
  if (tools.stopwords.has(lower)) return undefined;
  const stem = fold(tools.stem(lower));
  return stem === '' ? fold(lower) : stem;
}

/** The lead words of `words` in order, stop words left out. */
export function leadOf(words: readonly string[], tools: LanguageTools): string[] {
  const lead: string[] = [];
  for (const word of words) {
    const kept = leadWord(word, tools);
    if (kept !== undefined) lead.push(kept);
  }
  return lead;
}

/** The first `count` words of a text, without splitting the rest of it (a page's first block may be megabytes). */
export function firstWords(text: string, count: number): string[] {
  const words: string[] = [];
  if (count <= 0) return words;
  for (const match of text.matchAll(WORD)) if (words.push(match[0]) >= count) break;
  return words;
}
