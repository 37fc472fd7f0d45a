// The resident builder's memo of body hashes: a response whose body equals the one its key had in the last build keeps
// that body's hash, so a rebuild hashes only the bodies that changed.
import { contentHash } from '../../contract/etag.ts';
import type { BuiltResponse, StoredResponse } from '../types.ts';

/** Each key's last body with its hash: a body equal to the last one keeps its hash without hashing it again. */
export type BodyHashMemo = Map<string, { body: string; hash: string }>;

export function withRememberedHashes(
  responses: ReadonlyArray<BuiltResponse | StoredResponse>,
  memo: BodyHashMemo,
): Array<BuiltResponse | StoredResponse> {
  const keys = new Set<string>();
  const hashed = responses.map((response) => {
    keys.add(response.key);
    if ('stored' in response || response.hash !== undefined) return response;
    const remembered = memo.get(response.key);
    const hash = remembered?.body === response.body ? remembered.hash : contentHash(response.body);
    if (remembered?.body !== response.body) memo.set(response.key, { body: response.body, hash });
    return { ...response, hash };
  });
  for (const key of memo.keys()) if (!keys.has(key)) memo.delete(key);
  return hashed;
}
