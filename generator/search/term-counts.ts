// A field's index terms with how often each occurs: what MiniSearch's `add` records, with each distinct word stemmed once.
import { termsOf, tokensOf } from '../../gateway/search/search-terms.ts';
import type { LanguageTools } from '../../gateway/search/search-terms.ts';

export interface FieldCounts {
  /** Distinct words as written: MiniSearch's field length (it counts tokens before term processing). */
  length: number;
  /** Term → occurrences, in the order MiniSearch would first meet each term (it decides the index's term order). */
  terms: Map<string, number>;
}

export function fieldCounts(text: string, tools: LanguageTools): FieldCounts {
  // A page repeats its words many times; counting words first makes term processing one step per distinct word.
  const words = new Map<string, number>();
  for (const word of tokensOf(text)) words.set(word, (words.get(word) ?? 0) + 1);
  const terms = new Map<string, number>();
  for (const [word, count] of words) for (const term of termsOf(word, tools)) terms.set(term, (terms.get(term) ?? 0) + count);
  return { length: words.size, terms };
}
