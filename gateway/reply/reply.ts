// The reply the pure core hands to the HTTP shell, and the JSON error replies with their exact messages.
import type { LoadedEntry, StoredBody } from '../snapshot/model.ts';

/** `llms-full.txt`'s parts: their keys, looked up one at a time as they are sent, so a request holds no entry of a
 *  40,000-page list; `size` is the identity bytes in all. */
export interface PartList {
  keys: readonly string[];
  entries: ReadonlyMap<string, LoadedEntry>;
  size: number;
}
import type { AuthenticatedUser } from '../auth/credential-cache.ts';

export type ReplyBody =
  | { kind: 'empty' }
  | { kind: 'bytes'; bytes: Buffer }
  /** A body of the snapshot, from memory or disk; its file comes from the snapshot index, never from the request. */
  | { kind: 'stored'; stored: StoredBody }
  /** Bytes `start`..`end` (inclusive) of a media file, always streamed: media never spends the memory budget of
   *  bodies. */
  | { kind: 'file'; stored: StoredBody; start: number; end: number }
  /** `llms-full.txt`: the parts of a manifest one after another, streamed, never held whole; `gzip`: each part's
   *  gzip member (made from the part when it has none), so the members concatenate (http/parts-reply.ts). */
  | { kind: 'parts'; parts: PartList; gzip: boolean }
  /** POST /mcp past the role check: the MCP transport reads the request body and writes the whole response for this
   *  user (gateway/mcp/mcp-http.ts); the status and headers here are never sent. */
  | { kind: 'mcp'; user: AuthenticatedUser };

/** Built once and never changed: a step that adds the user or the throttled address makes a new reply. */
export interface Reply {
  readonly status: number;
  /** A record, or a flat `[name, value, …]` list prepared once per entry (success-reply.ts). */
  readonly headers: Record<string, string> | string[];
  readonly body: ReplyBody;
  /** The authenticated user name, for the request log. */
  readonly user?: string;
  /** On a 429: the client address the limiter refused, so the shell can park the answer (flood-guard.ts). */
  readonly throttledAddress?: string;
}

/** The MCP transport's turn to answer (the body kind says so). */
export function mcpExchangeReply(user: AuthenticatedUser): Reply {
  return { status: 200, headers: [], body: { kind: 'mcp', user } };
}

/** The same reply, for the request log's user. Written out: a spread copy cost as much as building the reply. */
export function forUser(reply: Reply, user: string): Reply {
  const { status, headers, body, throttledAddress } = reply;
  if (throttledAddress !== undefined) return { status, headers, body, user, throttledAddress };
  return { status, headers, body, user };
}

export const MESSAGES = {
  notApiRoute: 'Not found. The API lives under /api/v1/.',
  mediaNotFound: 'Not found. No media file at this path.',
  methodNotAllowed: 'Method not allowed. Use GET or HEAD.',
  untrustedAddress: 'Access denied: your address is not trusted for API access.',
  tooManyFailures: 'Too many failed logins from your address. Retry later.',
  authenticationRequired: 'Authentication required.',
  authenticationFailed: 'Authentication failed.',
  notEnoughRights: 'You do not have enough rights.',
  pageNotFound: 'page not found',
  navigationNotFound: 'navigation not found',
  urlTooLong: 'URL too long.',
  internalError: 'Internal server error.',
  malformedRequest: 'Malformed HTTP request.',
  headersTooLarge: 'Request headers too large.',
  requestTimeout: 'Request timed out.',
  expectationFailed: 'Expectation failed. Only Expect: 100-continue is supported.',
} as const;

export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  Vary: 'Authorization, Accept-Encoding',
};

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  const bytes = Buffer.from(JSON.stringify(value), 'utf8');
  return {
    status,
    headers: {
      'Content-Type': JSON_CONTENT_TYPE,
      'Content-Length': String(bytes.length),
      'Cache-Control': 'no-store',
      ...COMMON_HEADERS,
      ...headers,
    },
    body: { kind: 'bytes', bytes },
  };
}

export function errorReply(status: number, message: string, headers: Record<string, string> = {}): Reply {
  return jsonReply(status, { message }, headers);
}

/** 400 in the shape Typemill's validator gives
 *  (docs/typemill.md: A missing or blank url or slug is a 400; Users endpoints validate their parameters):
 *  `{"message":…,"errors":{"url":…}}`. */
export function validationReply(field: string, message: string): Reply {
  return jsonReply(400, { message, errors: { [field]: message } });
}

/** Typemill's ACL message, sic "Your are an"
 *  (docs/typemill.md: A role below the minimum gets Typemill's permission message). */
export function permissionDeniedReply(role: string, privilege: string, resource: string): Reply {
  return errorReply(403, `Permission denied. Your are an ${role} and you cannot ${privilege} this ${resource}`);
}
