// The search's view of a loaded index, as matching and ranking read it.
import type { LanguageTools } from '../../contract/search/search-terms.ts';
import type { PostingIndex } from './posting-builder.ts';
import type { Synonyms } from './site-synonyms.ts';
import type { WordOrder } from './word-order.ts';

/** The search's view of a snapshot: postings, the language tools and, per document, the folder pages above it. */
export interface MatchIndex {
  postings: PostingIndex;
  tools: LanguageTools;
  /** Per document, the documents of the folder pages that hold it (the home page left out: every page is under it). */
  ancestors: ReadonlyArray<readonly number[]>;
  /** Terms on most pages, indexed in titles only (search-format.ts COMMON_TERMS): their postings undercount them. */
  commonTerms: ReadonlySet<string>;
  /** Each document's title and first lines in word order (word-order.ts), for phrases; none: no phrase boost. */
  wordOrder?: WordOrder;
  /** Documents by their whole title (word-order.ts titleIndex); none: no whole-title boost. */
  titles?: ReadonlyMap<string, readonly number[]>;
  /** The site's declared synonyms (site-synonyms.ts); none by default. */
  synonyms?: Synonyms;
}
