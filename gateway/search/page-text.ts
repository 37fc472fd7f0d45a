// A document's text by section for snippets, with a lower-case, accent-free copy to find matched terms in without
// tokenising; cut from its content body once and kept within a character budget.
import type { SearchSection } from '../../contract/search/search-format.ts';
import { fold } from '../../contract/search/search-terms.ts';

export interface PageText {
  sections: SearchSection[];
  /** Every section's heading and text, lower case and folded like index terms, joined by '\n'. */
  searchable: string;
  /** Where each section starts in `searchable`. */
  starts: number[];
  /** Where terms looked for first stand in `searchable` (−1: nowhere), remembered: most are looked for again. */
  firstAt: Map<string, number>;
}

/** Terms' places remembered per page at most; past it they are forgotten and looked for again. */
const REMEMBERED_PLACES = 1000;

const NON_ASCII = /[^\x00-\x7f]/;

export function pageText(sections: SearchSection[]): PageText {
  const starts: number[] = [];
  let joined = '';
  for (const [heading, text] of sections) {
    starts.push(joined.length);
    joined += `${heading ?? ''}\n${text}\n`;
  }
  const lower = joined.toLowerCase();
  const searchable = NON_ASCII.test(lower) ? foldKeepingOffsets(lower, sections, starts) : lower;
  return { sections, searchable, starts, firstAt: new Map() };
}

/** Folding can change lengths (a decomposed accent is dropped), so each section is folded apart and the starts follow.
 *  */
function foldKeepingOffsets(lower: string, sections: readonly SearchSection[], starts: number[]): string {
  let joined = '';
  sections.forEach((_, position) => {
    const end = starts[position + 1] ?? lower.length;
    const folded = fold(lower.slice(starts[position], end));
    starts[position] = joined.length;
    joined += folded;
  });
  return joined;
}

/** Characters a page's text weighs in the cache: the text and its searchable copy. */
export function pageTextWeight(page: PageText): number {
  return page.searchable.length * 2;
}

function firstPlace(page: PageText, term: string): number {
  let at = page.firstAt.get(term);
  if (at === undefined) {
    if (page.firstAt.size >= REMEMBERED_PLACES) page.firstAt.clear();
    page.firstAt.set(term, (at = page.searchable.indexOf(term)));
  }
  return at;
}

/** The section holding the most of the matched terms (the first of those); for a title-only match, the first section
 *  with text. A term is looked for as a substring (a stem begins the words it comes from), so choosing a section needs
 *  no tokenising. Sections are visited in order with each term's next place: no later section can beat one holding
 *  every term still found further on, so the search stops there instead of reading the page to its end. */
export function bestSection(page: PageText, matched: ReadonlySet<string>): SearchSection | undefined {
  const { sections, searchable, starts } = page;
  const terms = [...matched];
  const nextAt = terms.map((term) => firstPlace(page, term));
  let best = -1;
  let bestCount = 0;
  for (let section = 0; section < sections.length; section++) {
    const start = starts[section]!;
    const end = starts[section + 1] ?? Number.POSITIVE_INFINITY;
    let count = 0;
    let ahead = 0;
    for (let position = 0; position < terms.length; position++) {
      let at = nextAt[position]!;
      if (at !== -1 && at < start) nextAt[position] = at = searchable.indexOf(terms[position]!, start);
      if (at === -1) continue;
      ahead++;
      if (at < end) count++;
    }
    if (count > bestCount) {
      best = section;
      bestCount = count;
    }
    if (ahead <= bestCount) break;
  }
  return sections[best] ?? sections.find(([, text]) => text !== '') ?? sections[0];
}
