// The index terms a word may also mean: those it begins (typing), those one edit away (typos), and the other spellings
// of a stem on most pages; asked only when needed.
import { termsOf } from '../../contract/search/search-terms.ts';
import type { LanguageTools } from '../../contract/search/search-terms.ts';
import type { PostingIndex } from './posting-builder.ts';

/** MiniSearch's weights for prefix and fuzzy matches, so an expanded term counts less than the word as typed. */
const WEIGHTS = { prefix: 0.375, fuzzy: 0.45 } as const;

/** A short prefix can begin hundreds of terms; the closest (shortest) this many are enough to rank by. */
export const MAX_PREFIX_TERMS = 100;

export interface Expansion {
  term: string;
  weight: number;
}

function firstAtOrAfter(sorted: readonly string[], prefix: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Terms that begin with `prefix` and are longer than it. */
export function prefixTerms(index: PostingIndex, prefix: string): Expansion[] {
  const found: string[] = [];
  for (let position = firstAtOrAfter(index.sorted, prefix); position < index.sorted.length; position++) {
    const term = index.sorted[position]!;
    if (!term.startsWith(prefix)) break;
    if (term !== prefix) found.push(term);
  }
  if (found.length > MAX_PREFIX_TERMS)
    found.sort((left, right) => left.length - right.length).length = MAX_PREFIX_TERMS;
  return found.map((term) => ({
    term,
    weight: (WEIGHTS.prefix * term.length) / (term.length + 0.3 * (term.length - prefix.length)),
  }));
}

/** The index terms written as words whose stem is `stem` (`setting`, `sets` for `set`): where the stem is a common
 *  term, kept in titles only, they are what still shows a page's text holds the word. The shortest MAX_PREFIX_TERMS
 *  terms it begins are looked at. */
export function spellingsOf(index: PostingIndex, stem: string, tools: LanguageTools): string[] {
  return prefixTerms(index, stem)
    .map(({ term }) => term)
    .filter((term) => termsOf(term, tools).includes(stem));
}

/** Whether two code-point sequences are one insertion, deletion, substitution or transposition apart. */
function oneEditApart(left: readonly string[], right: readonly string[]): boolean {
  const [short, long] = left.length <= right.length ? [left, right] : [right, left];
  if (long.length - short.length > 1) return false;
  let start = 0;
  while (start < short.length && short[start] === long[start]) start++;
  if (short.length === long.length) {
    if (start === short.length) return false;
    const rest = (from: number) => short.slice(from).join('') === long.slice(from).join('');
    return rest(start + 1) || (short[start] === long[start + 1] && short[start + 1] === long[start] && rest(start + 2));
  }
  return short.slice(start).join('') === long.slice(start + 1).join('');
}

/** Index terms one insertion, deletion, substitution or transposition away. Candidates are made from the index's own
 *  characters (one map lookup each) unless the terms of a near length are fewer: a site in a script of thousands of
 *  characters is scanned instead, so a typo never costs more than a pass over those terms. */
export function fuzzyTerms(index: PostingIndex, word: string): Expansion[] {
  const characters = [...word];
  const near = [-1, 0, 1].flatMap((difference) => index.byLength.get(characters.length + difference) ?? []);
  const found =
    near.length < (characters.length + 1) * index.alphabet.length * 2
      ? scanned(near, characters)
      : candidates(index, characters);
  return found.map((term) => ({ term, weight: (WEIGHTS.fuzzy * term.length) / (term.length + 1) }));
}

export function scanned(terms: readonly string[], characters: readonly string[]): string[] {
  return terms.filter((term) => oneEditApart(characters, [...term]));
}

export function candidates(index: PostingIndex, characters: readonly string[]): string[] {
  const word = characters.join('');
  const found = new Set<string>();
  const consider = (candidate: string) => {
    if (candidate !== word && index.terms.has(candidate)) found.add(candidate);
  };
  for (let position = 0; position <= characters.length; position++) {
    const before = characters.slice(0, position).join('');
    const rest = characters.slice(position);
    const whole = rest.join('');
    const after = rest.slice(1).join('');
    if (rest.length > 0) consider(before + after);
    if (rest.length > 1) consider(before + rest[1] + rest[0] + rest.slice(2).join(''));
    for (const character of index.alphabet) {
      consider(before + character + whole);
      if (rest.length > 0) consider(before + character + after);
    }
  }
  return [...found];
}
