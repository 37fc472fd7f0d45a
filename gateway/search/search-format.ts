// The search index file of a snapshot: its key, the stored shape, and the MiniSearch options both sides must share.
import MiniSearch from 'minisearch';
import type { Options } from 'minisearch';
import type { Restriction } from '../contract.ts';
import { termsOf, wordsOf } from './search-terms.ts';
import type { LanguageTools } from './search-terms.ts';

export const SEARCH_FORMAT = 1;

/** The snapshot index entry holding the search index (not an API route: only the search endpoint reads it). */
export const SEARCH_INDEX_KEY = 'search:index';

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
  /** The snapshot entry of the content body indexed; snippets are cut from it at query time, so its text is stored once. */
  key: string;
}

export interface StoredSearchIndex {
  format: typeof SEARCH_FORMAT;
  /** The site `language` setting the terms were made with. */
  language: string;
  documents: SearchDocument[];
  /** MiniSearch's own serialisation; document ids are positions in `documents`. */
  index: unknown;
}

/** The fields MiniSearch indexes, with their query-time weights: title and headings above body text. */
export const FIELD_BOOST = { title: 4, headings: 2, text: 1 } as const;

export interface IndexedFields {
  id: number;
  title: string;
  headings: string;
  text: string;
}

export function miniSearchOptions(tools: LanguageTools): Options<IndexedFields> {
  return {
    fields: Object.keys(FIELD_BOOST),
    storeFields: [],
    tokenize: (text) => wordsOf(text).map(({ word }) => word),
    processTerm: (word) => termsOf(word, tools),
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

export function newMiniSearch(tools: LanguageTools): MiniSearch<IndexedFields> {
  return new MiniSearch(miniSearchOptions(tools));
}
