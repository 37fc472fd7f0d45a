// Matches a query's words against the postings, relaxing step by step (exact terms, then typos and prefixes only where
// exact terms find too little), ranks what the caller may see and keeps only the best `wanted`.
import { termsOf } from '../../contract/search/search-terms.ts';
import type { MatchIndex } from './match-index.ts';
import type { PostingIndex } from './posting-builder.ts';
import { rankDocuments } from './rank-documents.ts';
import type { RankScratch } from './rank-documents.ts';
import { synonymMatches } from './site-synonyms.ts';
import { fuzzyTerms, prefixTerms, spellingsOf } from './term-expansion.ts';
import { wholeWords } from './word-order.ts';
import type { Expansion } from './term-expansion.ts';

export type { MatchIndex } from './match-index.ts';

/** Typo tolerance: one edit, for words of this many letters or more. */
export const FUZZY_MIN_LETTERS = 5;
/** A one-character prefix matches a large part of any site and says little; from two characters on it narrows. */
export const PREFIX_MIN_CHARACTERS = 2;
/** Fewer visible matches than this (a default page of results) and the query is relaxed: prefixes and typos. */
export const RELAX_BELOW = 10;

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
  /** The terms of the query's words as written, for marking snippets where a page holds them. */
  asked: string[];
}

interface Word {
  written: string;
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
type Scratch = RankScratch;

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
      written,
      bit: 1 << queryWords.length,
      letters: [...written].length,
      exact,
      used: new Map(),
      found: 0,
      prefixed: false,
      corrected: false,
    });
  }
  if (queryWords.length === 0) return { total: 0, best: [], asked: [] };

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

  // 1. The words as typed (and their stems): a word counts once however many terms it has, so a word whose stem
  // differs from it ("settings", "set") does not weigh twice what one without ("smtp") does.
  // A term the index lacks (a typo's own spelling, found through its stem) takes no share of the word's weight.
  // A stem on most pages is kept in titles only: the word's other spellings in page text stand in for it.
  for (const word of queryWords) {
    const known = word.exact.filter((term) => postings.terms.has(term));
    for (const term of known) add(word, term, 1 / known.length);
    const stem = word.exact.at(-1)!;
    if (index.commonTerms.has(stem))
      for (const term of spellingsOf(postings, stem, tools)) add(word, term, 1 / known.length);
  }
  // Two words a page writes as one ("user role" → "userrole") match it as both.
  queryWords.forEach((word, position) => {
    const before = queryWords[position - 1];
    if (before !== undefined) add(word, before.exact[0]! + word.exact[0]!, 1, before);
  });
  // The site's declared synonyms: a page saying another phrase of the group holds each word of the one asked.
  for (const { start, end, alternatives } of synonymMatches(
    queryWords.map((word) => word.written),
    index.synonyms ?? [],
    tools,
  ))
    for (const word of queryWords.slice(start, end))
      for (const phrase of alternatives)
        for (const written of phrase) for (const term of termsOf(written, tools)) add(word, term, 1 / phrase.length);
  const last = queryWords.length - 1;
  // 2. A word that found nothing may be a typo; the last word may still be being typed.
  for (const [position, word] of queryWords.entries()) relax(word, position === last, false);
  // 3. The whole query found too little: every word gets its typo and prefix matches.
  if (touchedCount < RELAX_BELOW)
    for (const [position, word] of queryWords.entries()) relax(word, position === last, true);

  const numbers = (word: Word) => word.exact.flatMap((term) => postings.terms.get(term) ?? []);
  const pairs = queryWords.slice(1).map((word, at) => [numbers(queryWords[at]!), numbers(word)] as const);
  const order = rankDocuments(index, scratch, queryWords, touchedCount, pairs, wholeWords(words), wanted);
  const used = queryWords.flatMap((word) => [...word.used]);
  const best = order.map((id) => {
    const terms: string[] = [];
    for (const [term, number] of used) if (contains(postings, number, id)) terms.push(term);
    return { id, score: final[id]!, terms };
  });
  for (let position = 0; position < touchedCount; position++) {
    const id = touched[position]!;
    scores[id] = 0;
    wordMasks[id] = 0;
    titleWords[id] = 0;
    final[id] = 0;
    coverage[id] = 0;
  }
  return { total: touchedCount, best, asked: queryWords.flatMap((word) => word.exact) };
}
