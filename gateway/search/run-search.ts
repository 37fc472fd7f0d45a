// Runs a validated search on a snapshot's index for one caller: visibility, ranking, paging and snippets.
import type { AuthenticatedUser } from '../auth/credential-cache.ts';
import { matchQuery } from './match-query.ts';
import type { SearchIndex } from './search-index.ts';
import type { SearchRequest } from './search-query.ts';
import { termsOf } from '../../contract/search/search-terms.ts';
import { bestSection } from './page-text.ts';
import { snippetFrom } from './snippet.ts';
import { firstMatchAt } from './term-places.ts';

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

export async function runSearch(
  index: SearchIndex,
  request: SearchRequest,
  user: AuthenticatedUser,
): Promise<SearchAnswer> {
  const visible = index.visibility(user, request.draft);
  // Only the results of the page asked for are ranked in full and get snippets.
  const wanted = Math.min(request.offset + request.limit, index.documents.length);
  const matches = matchQuery(index, request.words, visible, wanted);
  const page = matches.best.slice(request.offset);
  const results = await Promise.all(
    page.map(async ({ id, score, terms }): Promise<SearchHit> => {
      const document = index.documents[id]!;
      // The words asked are marked where the page holds them, also those it was not found by (a common word is
      // indexed in titles only).
      const matched = new Set([...terms, ...matches.asked]);
      // Only the words of the snippet's window are asked (term-places.ts finds the first match), and termsOf
      // remembers each word's terms.
      const isMatch = (word: string) => termsOf(word, index.tools).some((term) => matched.has(term));
      const section = bestSection(await index.text(id), matched);
      return {
        url: document.url,
        title: document.title,
        slug: document.slug,
        section: section?.[0] ?? null,
        snippet:
          section === undefined ? '' : snippetFrom(section[1], firstMatchAt(section, matched, index.tools), isMatch),
        score: Math.round(score * 1000) / 1000,
      };
    }),
  );
  return { query: request.query, total: matches.total, results };
}
