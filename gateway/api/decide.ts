// The gateway's decision order (docs/decisions.md: The gateway decides in a fixed order): ordered checks, first match
// wins, ending in the reply to send.
import { isMediaRoute, matchRoute } from './routes.ts';
import type { MatchedRoute } from './routes.ts';
import type { Endpoint } from './endpoints.ts';
import { parseQuery } from '../http/query.ts';
import { clientAddress, isTrustedAddress } from '../auth/ip-trust.ts';
import type { LoginLimiter } from '../auth/login-limiter.ts';
import { authenticateRequest } from '../auth/authenticate.ts';
import type { AuthenticationOutcome, VerifyPassword } from '../auth/authenticate.ts';
import type { AuthenticatedUser } from '../auth/credential-cache.ts';
import { meetsMinimumRole } from '../auth/roles.ts';
import type { Answer } from './answers.ts';
import type { ServingState } from '../snapshot/snapshot-loader.ts';
import { MESSAGES, errorReply, forUser, jsonReply, permissionDeniedReply } from '../http/reply.ts';
import type { Reply } from '../http/reply.ts';
import { entryReply, composedReply } from '../http/success-reply.ts';
import { documentReply } from '../http/document-reply.ts';
import { cdnPolicy } from '../http/cdn-policy.ts';
import type { ReplyPolicy } from '../http/success-reply.ts';
import type { LoadedEntry } from '../snapshot/snapshot-loader.ts';
import { passesRestriction } from '../auth/roles.ts';
import { PUBLIC_MEDIA_CACHE, RESTRICTED_MEDIA_CACHE, mediaReply } from '../media/media-reply.ts';
import type { MediaRoute } from '../media/media-path.ts';

export const MAX_URL_LENGTH = 8 * 1024;

export interface GatewayRequest {
  method: string;
  /** The request target as received: `/api/v1/navigation?draft=true`. */
  target: string;
  peerAddress: string;
  authorization?: string;
  ifNoneMatch?: string;
  acceptEncoding?: string;
  /** Media files only: one byte range, and the validator it depends on. */
  range?: string;
  ifRange?: string;
  forwardedFor?: string;
}

export interface DecisionTables {
  state: ServingState;
  limiter: LoginLimiter;
  verify: VerifyPassword;
  now: number;
  /** `--cdn`: shared answers say `public, no-cache` (cdn-policy.ts). */
  cdn?: boolean;
  /** Extra /healthz fields, such as the follow status of a gateway that follows a bucket. */
  health?: () => Record<string, unknown>;
}

interface RequestFacts {
  request: GatewayRequest;
  tables: DecisionTables;
  route: MatchedRoute | undefined;
  /** The media file a path under /media/ names, when the snapshot has it. */
  media: LoadedEntry | undefined;
  client: string;
}

type Guard = (facts: RequestFacts) => Reply | undefined;

const ALLOWED_METHODS = new Set(['GET', 'HEAD']);

// Checks 1–3 of the decision order (and the URL length limit before them), then the two documents that need no
// credentials; checks 4–6 are the authenticator's.
const GUARDS: ReadonlyArray<readonly [string, Guard]> = [
  [
    'url too long',
    ({ request }) => (request.target.length > MAX_URL_LENGTH ? errorReply(414, MESSAGES.urlTooLong) : undefined),
  ],
  ['not an API route', ({ route }) => (route === undefined ? errorReply(404, MESSAGES.notApiRoute) : undefined)],
  [
    'not a media file',
    ({ route, media }) =>
      isMediaRoute(route) && media === undefined ? errorReply(404, MESSAGES.mediaNotFound) : undefined,
  ],
  [
    'method',
    ({ request, route }) => {
      const methods = typeof route === 'object' && !isMediaRoute(route) ? route.methods : undefined;
      if (methods === undefined)
        return ALLOWED_METHODS.has(request.method)
          ? undefined
          : errorReply(405, MESSAGES.methodNotAllowed, { Allow: 'GET, HEAD' });
      return methods.includes(request.method)
        ? undefined
        : errorReply(405, `Method not allowed. Use ${methods.join(' or ')}.`, { Allow: methods.join(', ') });
    },
  ],
  [
    'untrusted address',
    ({ client, tables }) =>
      isTrustedAddress(client, tables.state.trust) ? undefined : errorReply(403, MESSAGES.untrustedAddress),
  ],
  ['health', ({ route, tables }) => (route === 'health' ? healthReply(tables.state, tables.health?.()) : undefined)],
  [
    'openapi document',
    ({ route, tables, request }) => (route === 'openapi' ? documentReply(tables.state.snapshot, request) : undefined),
  ],
  // Public media skips checks 4–8, as on Typemill's web server; a restricted file goes on to the authenticator.
  [
    'public media',
    ({ route, media, request }) =>
      isMediaRoute(route) && media !== undefined && media.restriction === undefined
        ? mediaReply(media, route, request, PUBLIC_MEDIA_CACHE)
        : undefined,
  ],
];

function unauthorized(message: string): Reply {
  return errorReply(401, message, { 'WWW-Authenticate': 'Basic realm=' });
}

function refusal(outcome: Exclude<AuthenticationOutcome, { allowed: true }>): Reply {
  if (outcome.reason === 'locked-out')
    return errorReply(429, MESSAGES.tooManyFailures, { 'Retry-After': String(outcome.retryAfterSeconds) });
  return unauthorized(
    outcome.reason === 'no-credentials' ? MESSAGES.authenticationRequired : MESSAGES.authenticationFailed,
  );
}

function healthReply(state: ServingState, extra: Record<string, unknown> = {}): Reply {
  const { id, builtAt, counts } = state.snapshot;
  return jsonReply(200, { status: 'ok', snapshot: id, builtAt, counts, ...extra });
}

function splitTarget(target: string): { pathname: string; queryString: string } {
  const path = target.startsWith('/') ? target : safePathOf(target);
  const questionMark = path.indexOf('?');
  return questionMark < 0
    ? { pathname: path, queryString: '' }
    : { pathname: path.slice(0, questionMark), queryString: path.slice(questionMark + 1) };
}

/** Absolute-form targets (`http://host/path?x`) as proxies send them. */
function safePathOf(target: string): string {
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return '';
  }
}

function answerReply(answer: Answer, route: ReplyPolicy, request: GatewayRequest): Reply {
  if (answer.kind === 'reply') return answer.reply;
  if (answer.kind === 'composed') return composedReply(answer.body, route, request.ifNoneMatch);
  return entryReply(answer.entry, route, request);
}

/** Checks 1–7 of the decision order: the reply that ends the request, or the authenticated caller and its route.
 *  The MCP endpoint passes the same checks, then hands the request to its transport. */
export type Admission = { reply: Reply } | { user: AuthenticatedUser; route: Endpoint; queryString: string };

/** A value now, or a promise of it only when something had to wait (a bcrypt run, a search): under load almost
 *  every request is answered from the credential cache and memory, and each promise hop cost it time
 *  (docs/performance.md: The request path). */
export type Eventually<T> = T | Promise<T>;

function then<T, U>(value: Eventually<T>, next: (settled: T) => Eventually<U>): Eventually<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

function refused(outcome: Exclude<AuthenticationOutcome, { allowed: true }>, client: string): Admission {
  const reply = refusal(outcome);
  return { reply: outcome.reason === 'locked-out' ? { ...reply, throttledAddress: client } : reply };
}

function afterAuthentication(
  outcome: AuthenticationOutcome,
  client: string,
  route: Endpoint,
  queryString: string,
): Admission {
  if (!outcome.allowed) return refused(outcome, client);
  const { user } = outcome;
  if (!meetsMinimumRole(user.role, route.minRole)) {
    return { reply: forUser(permissionDeniedReply(user.role, route.privilege, route.resource), user.username) };
  }
  return { user, route, queryString };
}

/** A restricted media file after authentication: the role its restriction names (administrator always passes). */
function afterMediaAuthentication(
  outcome: AuthenticationOutcome,
  client: string,
  route: MediaRoute,
  media: LoadedEntry,
  request: GatewayRequest,
): Admission {
  if (!outcome.allowed) return refused(outcome, client);
  const reply = passesRestriction(media.restriction, outcome.user)
    ? mediaReply(media, route, request, RESTRICTED_MEDIA_CACHE)
    : errorReply(403, MESSAGES.notEnoughRights);
  return { reply: forUser(reply, outcome.user.username) };
}

export function admit(request: GatewayRequest, tables: DecisionTables): Eventually<Admission> {
  const { state } = tables;
  const { pathname, queryString } = splitTarget(request.target);
  const route = matchRoute(pathname, state.snapshot.basePath);
  const mediaKey = isMediaRoute(route) ? route.media : undefined;
  const facts: RequestFacts = {
    request,
    tables,
    route,
    media: mediaKey === undefined ? undefined : state.snapshot.entries.get(mediaKey),
    client: clientAddress(request.peerAddress, request.forwardedFor, state.proxy),
  };
  for (const [, guard] of GUARDS) {
    const reply = guard(facts);
    if (reply !== undefined) return { reply };
  }
  const { client, media } = facts;
  if (route === undefined || route === 'health' || route === 'openapi')
    throw new Error('decide: a guard let an incomplete request through');
  const authentication = {
    accounts: state.snapshot.accounts,
    dummyHash: state.dummyHash,
    cache: state.credentials,
    verify: tables.verify,
    limiter: tables.limiter,
  };
  const outcome = authenticateRequest(
    { address: client, authorization: request.authorization, now: tables.now },
    authentication,
  );
  if (isMediaRoute(route)) {
    if (media === undefined) throw new Error('decide: a guard let a missing media file through');
    return then(outcome, (settled) => afterMediaAuthentication(settled, client, route, media, request));
  }
  return then(outcome, (settled) => afterAuthentication(settled, client, route, queryString));
}

function answerAdmitted(admission: Admission, request: GatewayRequest, tables: DecisionTables): Eventually<Reply> {
  if ('reply' in admission) return admission.reply;
  const { user, route, queryString } = admission;
  // Only search answers asynchronously.
  return then(route.answer({ query: parseQuery(queryString), user, snapshot: tables.state.snapshot }), (answer) => {
    return forUser(answerReply(answer, tables.cdn ? cdnPolicy(route) : route, request), user.username);
  });
}

export function decide(request: GatewayRequest, tables: DecisionTables): Eventually<Reply> {
  return then(admit(request, tables), (admission) => answerAdmitted(admission, request, tables));
}
