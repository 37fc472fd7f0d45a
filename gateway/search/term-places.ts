// Where each term of a section's text first stands, remembered per section while its page text is kept: a snippet's
// first match is then a lookup per query term, not the stemming of every word of the section up to it.
import type { SearchSection } from '../../contract/search/search-format.ts';
import { WORD, termsOf } from '../../contract/search/search-terms.ts';
import type { LanguageTools } from '../../contract/search/search-terms.ts';

/** Keyed by the section as the page-text cache holds it: dropped with it. */
const placesBySection = new WeakMap<SearchSection, Map<string, number>>();

/** Each index term of the text's words, with the offset of the first word having it. */
export function termPlaces(text: string, tools: LanguageTools): Map<string, number> {
  const places = new Map<string, number>();
  const pattern = new RegExp(WORD.source, WORD.flags);
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text))
    for (const term of termsOf(match[0], tools)) if (!places.has(term)) places.set(term, match.index);
  return places;
}

/** The offset in the section's text of its first word one of whose terms is matched; undefined when none is. */
export function firstMatchAt(
  section: SearchSection,
  matched: ReadonlySet<string>,
  tools: LanguageTools,
): number | undefined {
  let places = placesBySection.get(section);
  if (places === undefined) placesBySection.set(section, (places = termPlaces(section[1], tools)));
  let first: number | undefined;
  for (const term of matched) {
    const at = places.get(term);
    if (at !== undefined && (first === undefined || at < first)) first = at;
  }
  return first;
}
