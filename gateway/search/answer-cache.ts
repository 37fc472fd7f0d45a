// Recent search answers of one snapshot, so a repeated query costs a map lookup; keyed by everything the answer depends
// on.
import type { AuthenticatedUser } from '../auth/credential-cache.ts';
import { createRecentMap } from './recent-map.ts';
import type { SearchRequest } from './search-query.ts';
import type { ComposedBody } from '../reply/success-reply.ts';

/** About 10 KB per answer at most (50 results), 3–5 KB for the default 10: up to 10 MB per snapshot. Query popularity
 *  is skewed, so least recently used goes first: the popular answers stay however long the tail of rare queries is. */
export const ANSWER_CACHE_ENTRIES = 1000;

export interface AnswerCache {
  /** The answer, or the one being computed: concurrent identical queries share one computation. */
  get(key: string): Promise<ComposedBody> | undefined;
  remember(key: string, body: Promise<ComposedBody>): void;
}

/** Restrictions name roles and users, so the caller's role and name are part of the key. */
export function answerKey(request: SearchRequest, user: AuthenticatedUser): string {
  return JSON.stringify([user.role, user.username, request.query, request.draft, request.limit, request.offset]);
}

export function createAnswerCache(maxEntries = ANSWER_CACHE_ENTRIES): AnswerCache {
  const answers = createRecentMap<string, Promise<ComposedBody>>(maxEntries);
  return {
    get: (key) => answers.get(key),
    remember(key, body) {
      answers.set(key, body);
      // A failed computation is not remembered.
      body.catch(() => answers.delete(key));
    },
  };
}
