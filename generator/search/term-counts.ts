// A field's index terms with how often each occurs: what MiniSearch's `add` records, with each distinct word stemmed
// once.
import { forEachBlock, htmlText, htmlWords } from '../../contract/search/content-sections.ts';
import { termsOf, tokensOf } from '../../contract/search/search-terms.ts';
import type { LanguageTools } from '../../contract/search/search-terms.ts';

export interface FieldCounts {
  /** Distinct words as written: MiniSearch's field length (it counts tokens before term processing). */
  length: number;
  /** Term → occurrences, in the order MiniSearch would first meet each term (it decides the index's term order). */
  terms: Map<string, number>;
}

/** Adds the words of `text` to `words` (word as written → occurrences), in the order they come. */
export function countWords(text: string, words = new Map<string, number>()): Map<string, number> {
  for (const word of tokensOf(text)) words.set(word, (words.get(word) ?? 0) + 1);
  return words;
}

// A page repeats its words many times; counting words first makes term processing one step per distinct word.
export function termCounts(words: ReadonlyMap<string, number>, tools: LanguageTools): FieldCounts {
  const terms = new Map<string, number>();
  for (const [word, count] of words)
    for (const term of termsOf(word, tools)) terms.set(term, (terms.get(term) ?? 0) + count);
  return { length: words.size, terms };
}

export function fieldCounts(text: string, tools: LanguageTools): FieldCounts {
  return termCounts(countWords(text), tools);
}

/** A content body's words by field, without making its sections: the index needs counts, and only the first heading's
 *  text. */
export interface BodyWords {
  firstHeading: string | undefined;
  headings: Map<string, number>;
  text: Map<string, number>;
}

export function bodyWords(body: string): BodyWords {
  const words: BodyWords = { firstHeading: undefined, headings: new Map(), text: new Map() };
  forEachBlock(body, (html, heading) => {
    if (!heading) {
      countWords(htmlWords(html), words.text);
      return;
    }
    const text = htmlText(html);
    words.firstHeading ??= text;
    countWords(text, words.headings);
  });
  return words;
}
