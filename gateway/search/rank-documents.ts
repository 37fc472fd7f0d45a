// Ranks the documents a query touched by one relevance number: the BM25 sum, times the share of the query's rarity the
// page holds, times a title boost and a phrase boost; a folder's page is lifted above the pages in it.
import { COMMON_TERMS } from '../../contract/search/search-format.ts';
import type { MatchIndex } from './match-index.ts';
import { bestFirst } from './top-documents.ts';
import { pairCloseness } from './word-order.ts';

/** Per pair of neighbouring query words: the term numbers of the first, then of the second. */
export type QueryPairs = ReadonlyArray<readonly [number[], number[]]>;

/** What a query word in the title of a folder above a page counts for, against the page's own title: as much, since
 *  the reader sees the two together (Forms › Field Overview). */
export const FOLDER_TITLE_SHARE = 1;
/** A page whose title holds all of the query's rarity scores this many times more than one whose title holds none. */
export const TITLE_BOOST = 1;
/** A page holding every neighbouring pair of the query in its title, or next to each other in its first lines, scores
 *  this many times more (word-order.ts pairCloseness: less for a word between). */
export const PHRASE_BOOST = 1.5;
/** The share of the query's rarity a page holds, raised to this power: missing the rarest word costs most. */
export const MATCH_POWER = 3;
/** A page whose title is the query word for word (stop words too: `what is lumen`) scores this many times more, also
 *  above a folder lifted over it. */
export const WHOLE_TITLE_BOOST = 2;

/** A query word as ranking needs it: its bit, and the visible documents its terms found. */
export interface RankedWord {
  bit: number;
  found: number;
  exact: readonly string[];
}

/** Per-document accumulators of a query (match-query.ts): read here, reset by the caller. */
export interface RankScratch {
  scores: Float64Array;
  words: Uint32Array;
  titleWords: Uint32Array;
  final: Float64Array;
  coverage: Float64Array;
  touched: Int32Array;
  lifted: Float64Array;
  folders: Int32Array;
}

/** A word found on few pages says more about what the reader means than one found on most (inverse document
 *  frequency); a common term's postings undercount it, so it counts as found on the common share at least. */
export function rarities(index: MatchIndex, words: readonly RankedWord[]): number[] {
  const { documentCount } = index.postings;
  return words.map((word) => {
    const common = isCommon(index, word);
    return Math.log(1 + documentCount / Math.max(1, word.found, common ? documentCount * COMMON_TERMS.share : 0));
  });
}

/** A word one of whose terms is on most pages: the index keeps that term in titles only, so a page's postings cannot
 *  show that it lacks the word. */
function isCommon(index: MatchIndex, word: RankedWord): boolean {
  return word.exact.some((term) => index.commonTerms.has(term));
}

/** Queries of up to this many words remember the match share of each set of words held: 2^words numbers. */
const SHARE_TABLE_WORDS = 12;

/** The share of the query's rarity a set of its words holds (bits), to MATCH_POWER: the power is the costly step per
 *  document and documents hold few distinct sets, so a short query computes each set's share once. */
function matchShares(words: readonly RankedWord[], rarity: readonly number[], all: number): (held: number) => number {
  const share = (held: number) => {
    let sum = 0;
    for (let at = 0; at < words.length; at++) if ((held & words[at]!.bit) !== 0) sum += rarity[at]!;
    return (sum / all) ** MATCH_POWER;
  };
  if (words.length > SHARE_TABLE_WORDS) return share;
  const shares = new Float64Array(1 << words.length).fill(Number.NaN);
  return (held) => {
    let value = shares[held]!;
    if (Number.isNaN(value)) shares[held] = value = share(held);
    return value;
  };
}

/** The best `wanted` touched documents, best first; fills `final` (the score answered) and `coverage`. */
export function rankDocuments(
  index: MatchIndex,
  scratch: RankScratch,
  words: readonly RankedWord[],
  touchedCount: number,
  pairs: QueryPairs,
  whole: string,
  wanted: number,
): number[] {
  const { scores, words: wordMasks, titleWords, final, coverage, touched } = scratch;
  const rarity = rarities(index, words);
  const all = rarity.reduce((sum, value) => sum + value, 0) || 1;
  // A common word counts as held by every page: its absence from the postings says nothing (isCommon).
  let unseen = 0;
  for (const word of words) if (isCommon(index, word)) unseen |= word.bit;
  const shareOf = matchShares(words, rarity, all);
  for (let position = 0; position < touchedCount; position++) {
    const id = touched[position]!;
    // The titles of the folders above a page are its breadcrumb: a word there counts, less than in its own title.
    let above = 0;
    for (const folder of index.ancestors[id] ?? []) above |= titleWords[folder]!;
    let titled = 0;
    const inTitle = titleWords[id]!;
    for (let at = 0; at < words.length; at++) {
      const bit = words[at]!.bit;
      if ((inTitle & bit) !== 0) titled += rarity[at]!;
      else if ((above & bit) !== 0) titled += FOLDER_TITLE_SHARE * rarity[at]!;
    }
    coverage[id] = titled;
    final[id] = scores[id]! * shareOf(wordMasks[id]! | unseen) * (1 + (TITLE_BOOST * titled) / all);
  }
  boostPhrases(index, scratch, touchedCount, pairs);
  liftFolders(index, scratch, touchedCount);
  for (const id of index.titles?.get(whole) ?? [])
    if (wordMasks[id] !== 0) final[id] = final[id]! * (1 + WHOLE_TITLE_BOOST);
  return bestFirst(
    touched.subarray(0, touchedCount),
    wanted,
    (left, right) => final[right]! - final[left]! || left - right,
  );
}

/** Pages holding the query's neighbouring words together in their title or close in their first lines, by the share
 *  of the query's pairs they hold and how close. */
function boostPhrases(index: MatchIndex, scratch: RankScratch, touchedCount: number, pairs: QueryPairs): void {
  if (pairs.length === 0 || index.wordOrder === undefined) return;
  const { final, touched, words } = scratch;
  for (let position = 0; position < touchedCount; position++) {
    const id = touched[position]!;
    // One word of the query cannot stand next to another.
    if ((words[id]! & (words[id]! - 1)) === 0) continue;
    let held = 0;
    for (const [first, second] of pairs) held += pairCloseness(index.wordOrder, id, first, second);
    if (held > 0) final[id] = final[id]! * (1 + (PHRASE_BOOST * held) / pairs.length);
  }
}

/** A folder's own page above the pages in it, for the folder's topic: when its title holds some of the query and no
 *  less of it than a page's below it does, and it holds every word that page holds, it scores just above the best of
 *  them. */
function liftFolders(index: MatchIndex, scratch: RankScratch, touchedCount: number): void {
  const { words: wordMasks, coverage, final, touched, lifted } = scratch;
  let folders = 0;
  for (let position = 0; position < touchedCount; position++) {
    const id = touched[position]!;
    const ancestors = index.ancestors[id];
    if (ancestors === undefined) continue;
    for (let at = 0; at < ancestors.length; at++) {
      const folder = ancestors[at]!;
      // A folder holding fewer of the query's words than a page in it is not about what the page answers.
      if (
        wordMasks[folder] === 0 ||
        (wordMasks[id]! & ~wordMasks[folder]!) !== 0 ||
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
