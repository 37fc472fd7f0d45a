// The search index file of a snapshot: its key, the stored shape, and the MiniSearch options both sides must share.
import MiniSearch from 'minisearch';
import type { Options } from 'minisearch';
import type { Restriction } from '../snapshot.ts';
import { termsOf, tokensOf } from './search-terms.ts';
import type { LanguageTools } from './search-terms.ts';

export const SEARCH_FORMAT = 1;

export { SEARCH_INDEX_KEY } from '../endpoints.ts';

/** A heading (null before the first one) and the plain text of the blocks under it. */
export type SearchSection = [heading: string | null, text: string];

/** One searchable version of a page. A page whose draft differs from its live content has two. */
export interface SearchDocument {
  url: string;
  title: string;
  slug: string;
  /** Served by `article/content` without draft. */
  live: boolean;
  /** Served by `article/content?draft=true`. */
  draft: boolean;
  restriction?: Restriction;
  /** The snapshot entry of the content body indexed; snippets are cut from it at query time, so its text is stored
   *  once. */
  key: string;
}

export interface StoredSearchIndex {
  format: typeof SEARCH_FORMAT;
  /** The site `language` setting the terms were made with. */
  language: string;
  documents: SearchDocument[];
  /** Terms left out of the headings and body text fields because most pages have them (see COMMON_TERMS). */
  commonTerms: string[];
  /** MiniSearch's own serialisation; document ids are positions in `documents`. */
  index: unknown;
}

/** A term in the headings or body text of more than this share of pages, on a site with at least `minPages` pages, is
 *  indexed in titles only: its BM25 weight there is close to zero, yet scoring its postings would cost time in
 *  proportion to the whole site on every query. */
export const COMMON_TERMS = { share: 0.5, minPages: 200 } as const;

/** The fields MiniSearch indexes, with their query-time weights: title and headings above body text. */
export const FIELD_BOOST = { title: 4, headings: 2, text: 1 } as const;

export interface IndexedFields {
  id: number;
  title: string;
  headings: string;
  text: string;
}

export function miniSearchOptions(
  tools: LanguageTools,
  commonTerms: ReadonlySet<string> = new Set(),
): Options<IndexedFields> {
  return {
    fields: Object.keys(FIELD_BOOST),
    storeFields: [],
    tokenize: (text) => tokensOf(text),
    processTerm: (word, field) =>
      field !== 'title' && commonTerms.size > 0
        ? termsOf(word, tools).filter((term) => !commonTerms.has(term))
        : termsOf(word, tools),
    // Queries are tokenised by the search endpoint itself (search-query.ts), so terms arrive processed.
    searchOptions: { tokenize: (text) => [text], processTerm: (term) => term },
  };
}

export function indexedFields(title: string, sections: readonly SearchSection[], id: number): IndexedFields {
  return {
    id,
    title,
    headings: sections.map(([heading]) => heading ?? '').join('\n'),
    text: sections.map(([, text]) => text).join('\n'),
  };
}

export function newMiniSearch(
  tools: LanguageTools,
  commonTerms: ReadonlySet<string> = new Set(),
): MiniSearch<IndexedFields> {
  return new MiniSearch(miniSearchOptions(tools, commonTerms));
}

/** The terms of more than COMMON_TERMS.share of the documents' headings and text, when there are at least
 *  COMMON_TERMS.minPages. */
export function commonTermsOf(texts: readonly string[], tools: LanguageTools): Set<string> {
  if (texts.length < COMMON_TERMS.minPages) return new Set();
  return commonTermsIn(
    texts.map((text) => {
      const terms = new Set<string>();
      for (const word of new Set(tokensOf(text))) for (const term of termsOf(word, tools)) terms.add(term);
      return terms;
    }),
  );
}

/** The same rule on the distinct terms of each document's headings and text, already made. */
export function commonTermsIn(documents: ReadonlyArray<Iterable<string>>): Set<string> {
  if (documents.length < COMMON_TERMS.minPages) return new Set();
  const pages = new Map<string, number>();
  for (const terms of documents) for (const term of terms) pages.set(term, (pages.get(term) ?? 0) + 1);
  return new Set([...pages].filter(([, count]) => count > documents.length * COMMON_TERMS.share).map(([term]) => term));
}
