// The OpenAPI document's reply: the snapshot's copy of openapi.yaml, as YAML, with ETag and compression.
import { KEYS, keyOf } from '../api/endpoints.ts';
import { errorReply } from '../reply/reply.ts';
import type { Reply } from '../reply/reply.ts';
import type { LoadedSnapshot } from '../snapshot/serving-state.ts';
import { entryReply } from '../reply/success-reply.ts';

export const YAML_CONTENT_TYPE = 'application/yaml; charset=utf-8';
const DOCUMENT_POLICY = { cacheControl: 'private, no-cache', contentType: YAML_CONTENT_TYPE };
const NOT_IN_SNAPSHOT = 'The OpenAPI document is not in this snapshot. Build the site again with this snapi version.';

export function documentReply(
  snapshot: LoadedSnapshot,
  request: { ifNoneMatch?: string; acceptEncoding?: string },
): Reply {
  const entry = snapshot.entries.get(keyOf(KEYS.openapi));
  if (entry === undefined) return errorReply(404, NOT_IN_SNAPSHOT);
  return entryReply(entry, DOCUMENT_POLICY, request);
}
