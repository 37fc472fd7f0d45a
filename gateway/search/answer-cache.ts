// Recent search answers of one snapshot, so a repeated query costs a map lookup; keyed by everything the answer depends on.
import type { AuthenticatedUser } from '../auth/credential-cache.ts';
import type { SearchRequest } from './search-query.ts';

/** About 10 KB per answer at most (50 results): a few megabytes per snapshot. */
export const ANSWER_CACHE_ENTRIES = 500;

export interface AnswerCache {
  /** The answer, or the one being computed: concurrent identical queries share one computation. */
  get(key: string): Promise<string> | undefined;
  remember(key: string, json: Promise<string>): void;
}

/** Restrictions name roles and users, so the caller's role and name are part of the key. */
export function answerKey(request: SearchRequest, user: AuthenticatedUser): string {
  return JSON.stringify([user.role, user.username, request.query, request.draft, request.limit, request.offset]);
}

export function createAnswerCache(maxEntries = ANSWER_CACHE_ENTRIES): AnswerCache {
  const answers = new Map<string, Promise<string>>();
  return {
    get: (key) => answers.get(key),
    remember(key, json) {
      // Oldest first out: Map keeps insertion order.
      if (answers.size >= maxEntries) answers.delete(answers.keys().next().value as string);
      answers.set(key, json);
      // A failed computation is not remembered.
      json.catch(() => answers.delete(key));
    },
  };
}
