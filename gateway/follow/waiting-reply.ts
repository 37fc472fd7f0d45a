// Before a following gateway has its first snapshot: 503 with a JSON message on every path, and the follow status on
// /healthz.
import { matchRoute } from '../api/routes.ts';
import { jsonReply } from '../reply/reply.ts';
import type { Reply } from '../reply/reply.ts';

export const NO_SNAPSHOT_MESSAGE =
  'No snapshot yet: this gateway is waiting for its first snapshot from object storage. Retry shortly.';
const RETRY_AFTER_SECONDS = '5';

export function waitingReply(target: string, health: Record<string, unknown>): Reply {
  const pathname = target.split('?')[0] ?? '';
  const headers = { 'Retry-After': RETRY_AFTER_SECONDS };
  // The base path is unknown until a snapshot names it, so only the root /healthz is recognised.
  if (matchRoute(pathname, '') === 'health')
    return jsonReply(503, { status: 'waiting', message: NO_SNAPSHOT_MESSAGE, ...health }, headers);
  return jsonReply(503, { message: NO_SNAPSHOT_MESSAGE }, headers);
}
