// Runs a validated search on a snapshot's index for one caller: visibility, ranking, paging and snippets.
import type { AuthenticatedUser } from '../auth/credential-cache.ts';
import { passesRestriction } from '../auth/roles.ts';
import { FIELD_BOOST } from './search-format.ts';
import type { SearchDocument } from './search-format.ts';
import type { SearchIndex } from './search-index.ts';
import type { SearchRequest } from './search-query.ts';
import { termsOf } from './search-terms.ts';
import { bestSection, snippetOf } from './snippet.ts';

export interface SearchHit {
  url: string;
  title: string;
  slug: string;
  section: string | null;
  snippet: string;
  score: number;
}

export interface SearchAnswer {
  query: string;
  total: number;
  results: SearchHit[];
}

/** Typo tolerance: one edit, for words of this many letters or more. */
const FUZZY_MIN_LETTERS = 5;
/** A one-character prefix matches a large part of any site and says little; from two characters on it narrows. */
const PREFIX_MIN_CHARACTERS = 2;

/** Same rules as article/content: the variant asked for, and the page's allowedrole/alloweduser. */
export function isVisible(document: SearchDocument | undefined, draft: boolean, user: AuthenticatedUser): boolean {
  return document !== undefined && (draft ? document.draft : document.live) && passesRestriction(document.restriction, user);
}

function miniSearchQuery(words: readonly string[], index: SearchIndex) {
  const last = words.length - 1;
  const queries = words
    .map((word, position) => ({
      queries: termsOf(word, index.tools),
      combineWith: 'OR' as const,
      // Prefix on the last word: the caller may still be typing it.
      prefix: position === last && [...word].length >= PREFIX_MIN_CHARACTERS,
      fuzzy: [...word].length >= FUZZY_MIN_LETTERS ? 1 : false,
    }))
    .filter((query) => query.queries.length > 0);
  return { combineWith: 'OR' as const, queries };
}

export async function runSearch(index: SearchIndex, request: SearchRequest, user: AuthenticatedUser): Promise<SearchAnswer> {
  const query = miniSearchQuery(request.words, index);
  if (query.queries.length === 0) return { query: request.query, total: 0, results: [] };
  const found = index.miniSearch.search(query, {
    boost: { ...FIELD_BOOST },
    filter: (result) => isVisible(index.documents[result.id as number], request.draft, user),
  });
  const page = found.slice(request.offset, request.offset + request.limit);
  const results = await Promise.all(page.map(async (result): Promise<SearchHit> => {
    const id = result.id as number;
    const document = index.documents[id] as SearchDocument;
    const matched = new Set(result.terms);
    // Stemming every word of a page is the costly part of a snippet; pages repeat their words, so each is decided once.
    const decided = new Map<string, boolean>();
    const isMatch = (word: string) => {
      let match = decided.get(word);
      if (match === undefined) decided.set(word, (match = termsOf(word, index.tools).some((term) => matched.has(term))));
      return match;
    };
    const section = bestSection(await index.sections(id), matched);
    return {
      url: document.url,
      title: document.title,
      slug: document.slug,
      section: section?.heading ?? null,
      snippet: section === undefined ? '' : snippetOf(section.text, isMatch),
      score: Math.round(result.score * 1000) / 1000,
    };
  }));
  return { query: request.query, total: found.length, results };
}
