// GET /api/v1/search: answer from the snapshot's search index within the caller's rights (the endpoint table's
// parameter rules validated q, limit and offset first).
import type { Answer, EndpointInput } from '../api/answers.ts';
import { errorReply } from '../reply/reply.ts';
import { composedBody } from '../reply/success-reply.ts';
import { answerKey } from './answer-cache.ts';
import { runSearch } from './run-search.ts';
import { searchRequestOf } from './search-query.ts';

export const SEARCH_NOT_AVAILABLE = 'search index not found: rebuild the snapshot with this version of snapi';
/** The reason is in the gateway's log (`search-refused`), not in the answer: it names files on the server. */
export const SEARCH_REFUSED = 'search index could not be loaded: see the gateway log';

/** Asynchronous: snippets are cut from content bodies, which the body store may still have to read. */
export async function searchEndpoint({ values, user, snapshot }: EndpointInput): Promise<Answer> {
  const request = searchRequestOf(values);
  if (snapshot.search === undefined && snapshot.searchLoading !== undefined) await snapshot.searchLoading;
  const index = snapshot.search;
  if (index === undefined)
    return snapshot.searchFailure === undefined
      ? { kind: 'reply', reply: errorReply(404, SEARCH_NOT_AVAILABLE) }
      : { kind: 'reply', reply: errorReply(503, SEARCH_REFUSED) };
  const key = answerKey(request, user);
  let body = index.answers.get(key);
  if (body === undefined) {
    body = runSearch(index, request, user).then((answer) => composedBody(JSON.stringify(answer)));
    index.answers.remember(key, body);
  }
  return { kind: 'composed', body: await body };
}
