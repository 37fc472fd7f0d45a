// The synonyms a site declares in its settings (`searchsynonyms: {revisions: [history, older version]}`): each entry's
// words and phrases mean one another, so a query holding one also finds the pages that say another. No built-in list.
import { leadWord } from '../../contract/search/search-lead.ts';
import type { LanguageTools } from '../../contract/search/search-terms.ts';
import { tokensOf } from '../../contract/search/search-terms.ts';

/** The settings key (settings.yaml) holding a site's synonyms. */
export const SYNONYMS_SETTING = 'searchsynonyms';

/** Groups of phrases that mean one another; a phrase is its words as written. */
export type Synonyms = ReadonlyArray<ReadonlyArray<readonly string[]>>;

/** At most this many groups are read: the list is for a site's own words, not a thesaurus. */
const MAX_GROUPS = 500;

/** The groups of a settings value: a map from a word or phrase to a list of them (or one, or a comma list). Anything
 *  else is no synonyms: a settings mistake must not stop the gateway from serving search. */
export function synonymsOf(value: unknown): Synonyms {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const groups: string[][][] = [];
  for (const [key, alternatives] of Object.entries(value as Record<string, unknown>)) {
    if (groups.length >= MAX_GROUPS) break;
    const listed = Array.isArray(alternatives)
      ? alternatives
      : typeof alternatives === 'string'
        ? alternatives.split(',')
        : [];
    const phrases = [key, ...listed]
      .filter((phrase): phrase is string => typeof phrase === 'string')
      .map((phrase) => tokensOf(phrase))
      .filter((words) => words.length > 0);
    if (phrases.length > 1) groups.push(phrases);
  }
  return groups;
}

/** Where a group's phrase stands in the query: query words `start` … `end` − 1, and the group's other phrases. */
export interface SynonymMatch {
  start: number;
  end: number;
  alternatives: ReadonlyArray<readonly string[]>;
}

/** Every place a declared phrase occurs in the query's words (compared by stem, stop words left out on both sides). */
export function synonymMatches(words: readonly string[], synonyms: Synonyms, tools: LanguageTools): SynonymMatch[] {
  if (synonyms.length === 0) return [];
  const keysOf = (phrase: readonly string[]) =>
    phrase.map((word) => leadWord(word, tools)).filter((key): key is string => key !== undefined);
  const query = keysOf(words);
  const matches: SynonymMatch[] = [];
  for (const group of synonyms)
    for (const phrase of group) {
      const keys = keysOf(phrase);
      if (keys.length === 0) continue;
      for (let start = 0; start + keys.length <= query.length; start++)
        if (keys.every((key, at) => query[start + at] === key))
          matches.push({ start, end: start + keys.length, alternatives: group.filter((other) => other !== phrase) });
    }
  return matches;
}
