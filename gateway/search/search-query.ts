// The search endpoint's parameters: validated into a plain request, or the 400 that says what to fix.
import { stringParameter } from '../http/query.ts';
import type { Query } from '../http/query.ts';
import { validationReply } from '../http/reply.ts';
import type { Reply } from '../http/reply.ts';
import { wordsOf } from './search-terms.ts';

export const SEARCH_LIMITS = { maxQueryLength: 200, maxTerms: 20, defaultLimit: 10, maxLimit: 50 } as const;

export interface SearchRequest {
  /** `q` as given. */
  query: string;
  /** The words of `q`: letters and digits; every other character only separates words. */
  words: string[];
  draft: boolean;
  limit: number;
  offset: number;
}

const DIGITS = /^[0-9]+$/;

function integer(value: string | undefined, fallback: number): number | undefined {
  if (value === undefined) return fallback;
  if (!DIGITS.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : undefined;
}

// Ordered checks, first failure wins; each names the parameter and the rule.
export function parseSearchRequest(query: Query): SearchRequest | Reply {
  const q = stringParameter(query, 'q');
  if (q === undefined || q.trim() === '') return validationReply('q', 'Q is required');
  if ([...q].length > SEARCH_LIMITS.maxQueryLength) return validationReply('q', `Q must be at most ${SEARCH_LIMITS.maxQueryLength} characters`);
  const words = wordsOf(q).map(({ word }) => word);
  if (words.length > SEARCH_LIMITS.maxTerms) return validationReply('q', `Q must have at most ${SEARCH_LIMITS.maxTerms} terms`);
  const limit = integer(stringParameter(query, 'limit') ?? (query.has('limit') ? '' : undefined), SEARCH_LIMITS.defaultLimit);
  if (limit === undefined || limit < 1 || limit > SEARCH_LIMITS.maxLimit) return validationReply('limit', `Limit must be an integer from 1 to ${SEARCH_LIMITS.maxLimit}`);
  const offset = integer(stringParameter(query, 'offset') ?? (query.has('offset') ? '' : undefined), 0);
  if (offset === undefined) return validationReply('offset', 'Offset must be a non-negative integer');
  const draft = stringParameter(query, 'draft');
  return { query: q, words, draft: draft === 'true' || draft === '1', limit, offset };
}

export function isSearchRequest(value: SearchRequest | Reply): value is SearchRequest {
  return 'words' in value;
}
