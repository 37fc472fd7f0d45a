// The words of a search query, split once per request: the parameter check counts them (gateway/api/parameters.ts)
// and the search request keeps them (search-query.ts), one after the other for the same text.
import { wordsOf } from '../../contract/search/search-terms.ts';

let lastText: string | undefined;
let lastWords: readonly string[] = [];

export function queryWords(text: string): readonly string[] {
  if (text !== lastText) {
    lastWords = wordsOf(text).map(({ word }) => word);
    lastText = text;
  }
  return lastWords;
}
