// Matches a query's words against the postings, relaxing step by step (exact terms, then typos and prefixes only where
// exact terms find too little), ranks what the caller may see and keeps only the best `wanted`.
import { COMMON_TERMS } from '../../contract/search/search-format.ts';
import type { LanguageTools } from '../../contract/search/search-terms.ts';
import { termsOf } from '../../contract/search/search-terms.ts';
import { fuzzyTerms, prefixTerms } from './term-expansion.ts';
import type { Expansion } from './term-expansion.ts';
import type { PostingIndex } from './posting-builder.ts';
import { bestFirst } from './top-documents.ts';

/** Typo tolerance: one edit, for words of this many letters or more. */
export const FUZZY_MIN_LETTERS = 5;
/** A one-character prefix matches a large part of any site and says little; from two characters on it narrows. */
export const PREFIX_MIN_CHARACTERS = 2;
/** Fewer visible matches than this (a default page of results) and the query is relaxed: prefixes and typos. */
export const RELAX_BELOW = 10;

/** What a query word in the title of a folder above a page counts for, against the page's own title. */
export const FOLDER_TITLE_SHARE = 0.25;

export interface MatchedDocument {
  id: number;
  score: number;
  /** The index terms the document matched, for marking its snippet. */
  terms: string[];
}

export interface Matches {
  /** Every visible document matching at least one word. */
  total: number;
  /** The best `wanted`, best first. */
  best: MatchedDocument[];
}

/** The search's view of a snapshot: postings, the language tools and, per document, the folder pages above it. */
export interface MatchIndex {
  postings: PostingIndex;
  tools: LanguageTools;
  /** Per document, the documents of the folder pages that hold it (the home page left out: every page is under it). */
  ancestors: ReadonlyArray<readonly number[]>;
  /** Terms on most pages, indexed in titles only (search-format.ts COMMON_TERMS): their postings undercount them. */
  commonTerms: ReadonlySet<string>;
}

interface Word {
  bit: number;
  letters: number;
  exact: string[];
  /** Index terms matched, with their numbers. */
  used: Map<string, number>;
  found: number;
  prefixed: boolean;
  corrected: boolean;
}

/** Per-document accumulators, reused by every query of the index (matching is synchronous): reset where touched. */
interface Scratch {
  scores: Float64Array;
  words: Uint32Array;
  titleWords: Uint32Array;
  final: Float64Array;
  /** How much of the query the title holds: the summed rarity of the words found in it. */
  coverage: Float64Array;
  touched: Int32Array;
  /** Folder pages to lift and the score each must beat (liftFolders), zero again after each query. */
  lifted: Float64Array;
  folders: Int32Array;
}

const scratches = new WeakMap<PostingIndex, Scratch>();

function scratchOf(postings: PostingIndex): Scratch {
  let scratch = scratches.get(postings);
  if (scratch === undefined) {
    const count = postings.documentCount;
    scratch = {
      scores: new Float64Array(count),
      words: new Uint32Array(count),
      titleWords: new Uint32Array(count),
      final: new Float64Array(count),
      coverage: new Float64Array(count),
      touched: new Int32Array(count),
      lifted: new Float64Array(count),
      folders: new Int32Array(count),
    };
    scratches.set(postings, scratch);
  }
  return scratch;
}

function bits(value: number): number {
  let count = 0;
  for (let rest = value; rest !== 0; rest &= rest - 1) count++;
  return count;
}

function contains(postings: PostingIndex, term: number, id: number): boolean {
  let low = postings.starts[term]!;
  let high = postings.starts[term + 1]! - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = postings.docs[middle]!;
    if (at === id) return true;
    if (at < id) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

export function matchQuery(index: MatchIndex, words: readonly string[], visible: Uint8Array, wanted: number): Matches {
  const { postings, tools } = index;
  const scratch = scratchOf(postings);
  const { scores, words: wordMasks, titleWords, final, coverage, touched } = scratch;
  let touchedCount = 0;
  const seen = new Set<string>();
  const queryWords: Word[] = [];
  for (const written of words) {
    const exact = termsOf(written, tools);
    // Stop words have no terms; a word asked twice counts once.
    if (exact.length === 0 || seen.has(exact[0]!) || queryWords.length >= 31) continue;
    seen.add(exact[0]!);
    queryWords.push({
      bit: 1 << queryWords.length,
      letters: [...written].length,
      exact,
      used: new Map(),
      found: 0,
      prefixed: false,
      corrected: false,
    });
  }
  if (queryWords.length === 0) return { total: 0, best: [] };

  /** `partner`: the word before, when `term` is the two written together. */
  const add = (word: Word, term: string, weight: number, partner?: Word) => {
    const number = postings.terms.get(term);
    if (number === undefined || word.used.has(term)) return;
    word.used.set(term, number);
    const bit = word.bit | (partner?.bit ?? 0);
    const { docs, scores: termScores, inTitle } = postings;
    const end = postings.starts[number + 1]!;
    for (let position = postings.starts[number]!; position < end; position++) {
      const id = docs[position]!;
      if (visible[id] !== 1) continue;
      const mask = wordMasks[id]!;
      if (mask === 0) touched[touchedCount++] = id;
      scores[id] = scores[id]! + weight * termScores[position]!;
      if ((mask & word.bit) === 0) word.found++;
      if (partner !== undefined && (mask & partner.bit) === 0) partner.found++;
      wordMasks[id] = mask | bit;
      if (inTitle[position] === 1) titleWords[id] = titleWords[id]! | bit;
    }
  };
  const relax = (word: Word, last: boolean, everything: boolean) => {
    const expansions: Expansion[] = [];
    if (!word.prefixed && last && word.letters >= PREFIX_MIN_CHARACTERS && (everything || word.found < RELAX_BELOW)) {
      word.prefixed = true;
      expansions.push(...prefixTerms(postings, word.exact[0]!));
    }
    if (!word.corrected && word.letters >= FUZZY_MIN_LETTERS && (everything || word.found === 0)) {
      word.corrected = true;
      expansions.push(...fuzzyTerms(postings, word.exact[0]!));
    }
    // Prefix matches come first and win over the same term found as a typo, as in MiniSearch.
    for (const { term, weight } of expansions) add(word, term, weight);
  };

  // 1. The words as typed (and their stems).
  for (const word of queryWords) for (const term of word.exact) add(word, term, 1);
  // Two words a page writes as one ("user role" → "userrole") match it as both.
  queryWords.forEach((word, position) => {
    const before = queryWords[position - 1];
    if (before !== undefined) add(word, before.exact[0]! + word.exact[0]!, 1, before);
  });
  const last = queryWords.length - 1;
  // 2. A word that found nothing may be a typo; the last word may still be being typed.
  for (const [position, word] of queryWords.entries()) relax(word, position === last, false);
  // 3. The whole query found too little: every word gets its typo and prefix matches.
  if (touchedCount < RELAX_BELOW)
    for (const [position, word] of queryWords.entries()) relax(word, position === last, true);

  // A word found on few pages says more about what the reader means than one found on most (inverse document
  // frequency).
  const rarity = queryWords.map((word) => {
    const common = word.exact.some((term) => index.commonTerms.has(term));
    return Math.log(
      1 + postings.documentCount / Math.max(1, word.found, common ? postings.documentCount * COMMON_TERMS.share : 0),
    );
  });
  for (let position = 0; position < touchedCount; position++) {
    const id = touched[position]!;
    // Pages matching more of the query's words rank higher (MiniSearch's rule, by word rather than by term).
    final[id] = scores[id]! * bits(wordMasks[id]!);
    // The titles of the folders above a page are its breadcrumb: a word there counts, less than in its own title.
    let above = 0;
    for (const folder of index.ancestors[id] ?? []) above |= titleWords[folder]!;
    let covered = 0;
    queryWords.forEach((word, at) => {
      if ((titleWords[id]! & word.bit) !== 0) covered += rarity[at]!;
      else if ((above & word.bit) !== 0) covered += FOLDER_TITLE_SHARE * rarity[at]!;
    });
    coverage[id] = covered;
  }
  liftFolders(index, scratch, touchedCount);
  // Titles first: a page whose title holds the query (or its rarest words) is the page about it; pages that only
  // mention the words follow. Equal titles' shares go by score, then by position in the site.
  const order = bestFirst(
    touched.subarray(0, touchedCount),
    wanted,
    (left, right) => coverage[right]! - coverage[left]! || final[right]! - final[left]! || left - right,
  );
  const best = order.map((id) => ({
    id,
    score: final[id]!,
    terms: queryWords.flatMap((word) =>
      [...word.used].filter(([, number]) => contains(postings, number, id)).map(([term]) => term),
    ),
  }));
  for (let position = 0; position < touchedCount; position++) {
    const id = touched[position]!;
    scores[id] = 0;
    wordMasks[id] = 0;
    titleWords[id] = 0;
    final[id] = 0;
    coverage[id] = 0;
  }
  return { total: touchedCount, best };
}

/** A folder's own page above the pages in it, for the folder's topic: when its title holds some of the query and no
 *  less of it than a page's below it does, it scores just above the best of them. */
function liftFolders(index: MatchIndex, scratch: Scratch, touchedCount: number): void {
  const { words: wordMasks, coverage, final, touched, lifted } = scratch;
  let folders = 0;
  for (let position = 0; position < touchedCount; position++) {
    const id = touched[position]!;
    const ancestors = index.ancestors[id];
    if (ancestors === undefined) continue;
    for (let at = 0; at < ancestors.length; at++) {
      const folder = ancestors[at]!;
      if (
        wordMasks[folder] === 0 ||
        coverage[folder] === 0 ||
        coverage[folder]! < coverage[id]! ||
        final[id]! < final[folder]!
      )
        continue;
      if (lifted[folder] === 0) scratch.folders[folders++] = folder;
      if (final[id]! > lifted[folder]!) lifted[folder] = final[id]!;
    }
  }
  for (let position = 0; position < folders; position++) {
    const folder = scratch.folders[position]!;
    final[folder] = Math.max(final[folder]!, lifted[folder]! * (1 + 1e-6));
    lifted[folder] = 0;
  }
}
