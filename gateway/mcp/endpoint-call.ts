// Calls an API endpoint for the MCP server exactly as an HTTP request would reach it: same minimum role, same lookups,
// same restrictions.
import { readStoredBody } from '../snapshot/body-store.ts';
import type { AuthenticatedUser } from '../auth/credential-cache.ts';
import { ENDPOINTS } from '../api/endpoints.ts';
import type { EndpointName } from '../api/endpoints.ts';
import type { Query } from '../http/query.ts';
import type { Reply } from '../reply/reply.ts';
import { authorize } from '../auth/authorize.ts';
import type { LoadedSnapshot } from '../snapshot/serving-state.ts';

export type EndpointResult =
  | { ok: true; value: unknown }
  /** The API's answer for the same request: status and its JSON message. */
  | { ok: false; status: number; message: string };

function failure(reply: Reply): { ok: false; status: number; message: string } {
  const text = reply.body.kind === 'bytes' ? reply.body.bytes.toString('utf8') : '{}';
  const message = (JSON.parse(text) as { message?: unknown }).message;
  return { ok: false, status: reply.status, message: typeof message === 'string' ? message : `status ${reply.status}` };
}

export async function callEndpoint(
  endpoint: EndpointName,
  parameters: Record<string, string | undefined>,
  user: AuthenticatedUser,
  snapshot: LoadedSnapshot,
): Promise<EndpointResult> {
  const text = await endpointText(endpoint, parameters, user, snapshot);
  return text.ok ? { ok: true, value: JSON.parse(text.value) as unknown } : text;
}

/** The endpoint's answer as text (the AI files are text and markdown, not JSON); `llms-full.txt` is not asked here. */
export async function endpointText(
  endpoint: EndpointName,
  parameters: Record<string, string | undefined>,
  user: AuthenticatedUser,
  snapshot: LoadedSnapshot,
): Promise<{ ok: true; value: string } | { ok: false; status: number; message: string }> {
  const route = ENDPOINTS[endpoint];
  const denied = authorize(user.role, route);
  if (denied !== undefined) return failure(denied);
  const query: Query = new Map(
    Object.entries(parameters).filter((pair): pair is [string, string] => pair[1] !== undefined),
  );
  const answer = await route.answer({ query, user, snapshot });
  if (answer.kind === 'reply') return failure(answer.reply);
  if (answer.kind === 'parts') return { ok: false, status: 406, message: 'llms-full.txt is served over HTTP only' };
  const bytes = answer.kind === 'composed' ? answer.body.bytes : await readStoredBody(answer.entry.identity);
  return { ok: true, value: bytes.toString('utf8') };
}
