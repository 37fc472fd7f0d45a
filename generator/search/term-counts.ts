// A field's index terms with how often each occurs: what MiniSearch's `add` records, with each distinct word stemmed
// once.
import { forEachBlock, htmlText, htmlWords } from '../../contract/search/content-sections.ts';
import { LEAD_WORDS, firstWords } from '../../contract/search/search-lead.ts';
import { termsOf, tokensOf } from '../../contract/search/search-terms.ts';
import type { LanguageTools } from '../../contract/search/search-terms.ts';
import { termId } from './term-table.ts';
import type { TermTable } from './term-table.ts';

/** One field's counts as made; a document keeps its fields' together (document-counts.ts). */
export interface FieldCounts {
  /** Distinct words as written: MiniSearch's field length (it counts tokens before term processing). */
  length: number;
  /** Term ids (TermTable), each once, in the order MiniSearch would first meet each term (it decides the index's term
   *  order). */
  ids: number[];
  /** The occurrences of `ids[position]` at each position. */
  counts: number[];
}

/** Adds the words of `text` to `words` (word as written → occurrences), in the order they come. */
export function countWords(text: string, words = new Map<string, number>()): Map<string, number> {
  for (const word of tokensOf(text)) words.set(word, (words.get(word) ?? 0) + 1);
  return words;
}

/** Term id → its position in the field being counted, plus one (0: not in it); reset after each field. */
let positions: Uint32Array = new Uint32Array(1 << 16);

// A page repeats its words many times; counting words first makes term processing one step per distinct word.
export function termCounts(words: ReadonlyMap<string, number>, tools: LanguageTools, table: TermTable): FieldCounts {
  const ids: number[] = [];
  const counts: number[] = [];
  try {
    for (const [word, count] of words)
      for (const term of tools.known.get(word) ?? termsOf(detached(word), tools)) {
        const id = termId(table, term);
        if (id >= positions.length) positions = grown(positions, id);
        const position = positions[id]!;
        if (position === 0) {
          positions[id] = ids.push(id);
          counts.push(count);
        } else counts[position - 1] = counts[position - 1]! + count;
      }
  } finally {
    for (const id of ids) positions[id] = 0;
  }
  return { length: words.size, ids, counts };
}

/** A copy of the word that shares no memory with the text it was cut from. V8 makes a longer word a slice of that text;
 *  remembered by termsOf as it is, it would keep the whole text alive for the rest of the build (60 MB at 40,000 pages).
 *  */
function detached(word: string): string {
  return Buffer.from(word, 'utf8').toString('utf8');
}

function grown(array: Uint32Array, index: number): Uint32Array {
  const larger = new Uint32Array(Math.max(array.length * 2, index + 1));
  larger.set(array);
  return larger;
}

export function fieldCounts(text: string, tools: LanguageTools, table: TermTable): FieldCounts {
  return termCounts(countWords(text), tools, table);
}

/** A content body's words by field, without making its sections: the index needs counts, and only the first heading's
 *  text. */
export interface BodyWords {
  firstHeading: string | undefined;
  headings: Map<string, number>;
  text: Map<string, number>;
  /** The first LEAD_WORDS words of the text, in order: the first lines, whose neighbouring-word pairs are indexed. */
  lead: string[];
}

export function bodyWords(body: string): BodyWords {
  const words: BodyWords = { firstHeading: undefined, headings: new Map(), text: new Map(), lead: [] };
  forEachBlock(body, (html, heading) => {
    if (!heading) {
      const text = htmlWords(html);
      if (words.lead.length < LEAD_WORDS) words.lead.push(...firstWords(text, LEAD_WORDS - words.lead.length));
      countWords(text, words.text);
      return;
    }
    const text = htmlText(html);
    words.firstHeading ??= text;
    countWords(text, words.headings);
  });
  return words;
}
