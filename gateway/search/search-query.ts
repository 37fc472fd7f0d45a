// The search endpoint's request, from its parameters as the endpoint table's rules validated them.
import type { Reply } from '../reply/reply.ts';
import type { ParameterValues } from '../api/parameters.ts';
import { queryWords } from './query-words.ts';

import { ENDPOINT_SPECS, SEARCH_LIMITS } from '../../contract/endpoints.ts';
import { checkParameters } from '../api/parameters.ts';
import type { Query } from '../http/query.ts';

export { SEARCH_LIMITS } from '../../contract/endpoints.ts';

export interface SearchRequest {
  /** `q` as given. */
  query: string;
  /** The words of `q`: letters and digits; every other character only separates words. */
  words: string[];
  draft: boolean;
  limit: number;
  offset: number;
}

/** The search request from the values the table's parameter rules validated (gateway/api/parameters.ts). */
export function searchRequestOf(values: ParameterValues): SearchRequest {
  const query = typeof values.q === 'string' ? values.q : '';
  return {
    query,
    words: [...queryWords(query)],
    draft: values.draft === true,
    limit: typeof values.limit === 'number' ? values.limit : SEARCH_LIMITS.defaultLimit,
    offset: typeof values.offset === 'number' ? values.offset : 0,
  };
}

/** The search request of a query string, or the 400 its first broken rule gives (for callers outside the endpoint). */
export function parseSearchRequest(query: Query): SearchRequest | Reply {
  const checked = checkParameters(ENDPOINT_SPECS.search.parameters, query);
  return 'reply' in checked ? checked.reply : searchRequestOf(checked.values);
}

export function isSearchRequest(value: SearchRequest | Reply): value is SearchRequest {
  return 'words' in value;
}
