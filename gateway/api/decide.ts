// The gateway's decision order (docs/decisions.md: The gateway decides in a fixed order): one plain step per row of the
// README's table, in that order; the first step that answers wins. Values in, the reply out: no socket, no clock.
import { isMediaRoute, matchRoute } from './routes.ts';
import type { Endpoint } from './endpoints.ts';
import { ENDPOINTS, KEYS, MCP_ROUTE, keyOf } from './endpoints.ts';
import { markdownPageUrl } from './markdown-path.ts';
import { PUBLIC_CALLER } from './llms-answers.ts';
import { partsReply } from '../http/parts-reply.ts';
import { checkQueryString } from './parameters.ts';
import type { Answer } from './answers.ts';
import { clientAddress, isTrustedAddress } from '../auth/ip-trust.ts';
import type { LoginLimiter } from '../auth/login-limiter.ts';
import type { RevokedTokens } from '../auth/token-table.ts';
import { logNameOf } from '../auth/credential-cache.ts';
import { checkCredentials } from '../auth/authenticate.ts';
import { credentialTablesOf } from './credential-tables.ts';
import type { CredentialOutcome, VerifyPassword } from '../auth/authenticate.ts';
import { passesRestriction } from '../auth/roles.ts';
import { authorize } from '../auth/authorize.ts';
import type { LoadedEntry } from '../snapshot/model.ts';
import type { LoadedSnapshot, ServingState } from '../snapshot/serving-state.ts';
import { MESSAGES, errorReply, forUser, jsonReply } from '../reply/reply.ts';
import type { Reply } from '../reply/reply.ts';
import { entryReply, composedReply } from '../reply/success-reply.ts';
import type { ReplyPolicy } from '../snapshot/model.ts';
import { documentReply } from '../http/document-reply.ts';
import { loggableTarget } from '../http/log-redaction.ts';
import { cdnPolicy, publicPolicy } from '../http/cdn-policy.ts';
import { PUBLIC_MEDIA_CACHE, RESTRICTED_MEDIA_CACHE, mediaReply } from '../media/media-reply.ts';
import type { MediaRoute } from '../media/media-path.ts';
import { waitingReply } from '../follow/waiting-reply.ts';

export const MAX_URL_LENGTH = 8 * 1024;

export interface GatewayRequest {
  method: string;
  /** The request target as received: `/api/v1/navigation?draft=true`. */
  target: string;
  /** `1.1` for an HTTP/1.1 request, which must carry `host` (RFC 9112 3.2); absent, the Host step lets it on. */
  httpVersion?: string;
  host?: string;
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
  /** Undefined while a gateway that follows a bucket waits for its first snapshot. */
  state: ServingState | undefined;
  limiter: LoginLimiter;
  verify: VerifyPassword;
  now: number;
  /** `--cdn`: shared answers say `public, no-cache` (cdn-policy.ts). */
  cdn?: boolean;
  /** `--public-llms`: the AI files answer a caller without credentials with the public view (docs/ai.md). */
  publicLlms?: boolean;
  /** Extra /healthz fields, such as the follow status of a gateway that follows a bucket. */
  health?: () => Record<string, unknown>;
  /** Tokens the serving machine refuses at once (`serve --revoked-tokens`). */
  revoked?: RevokedTokens;
}

/** A value now, or a promise of it only when something had to wait (a bcrypt run, a search): under load almost
 *  every request is answered from the credential cache and memory, and each promise hop cost it time
 *  (docs/decisions.md: Requests that need nothing to wait for are answered in the same turn). */
export type Eventually<T> = T | Promise<T>;

function then<T, U>(value: Eventually<T>, next: (settled: T) => Eventually<U>): Eventually<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** What the route step found; the 404s are answers of their own, so every later step knows its destination exists. */
type Destination =
  | { kind: 'not-found'; reply: Reply }
  /** `pageUrl`: the page a `<url>.md` path names, the url parameter of its endpoint. */
  | { kind: 'endpoint'; endpoint: Endpoint; queryString: string; pageUrl?: string }
  | { kind: 'health' }
  | { kind: 'openapi' }
  | { kind: 'media'; route: MediaRoute; file: LoadedEntry };

const ALLOWED_METHODS = ['GET', 'HEAD'];
const HEALTH: Destination = { kind: 'health' };
const OPENAPI: Destination = { kind: 'openapi' };

/** Absolute-form targets (`http://host/path?x`) as proxies send them. */
function originFormOf(target: string): string {
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return '';
  }
}

/** Route: the path is matched once, against the endpoint table, the service documents and the snapshot's media. */
function findDestination(target: string, snapshot: LoadedSnapshot): Destination {
  const path = originFormOf(target);
  const questionMark = path.indexOf('?');
  const pathname = questionMark < 0 ? path : path.slice(0, questionMark);
  const route = matchRoute(pathname, snapshot.basePath);
  const queryString = questionMark < 0 ? '' : path.slice(questionMark + 1);
  // A page's markdown: no API route ends in `.md`, and a media file of that name, when there is one, wins.
  const pageUrl = markdownPageUrl(pathname, snapshot.basePath);
  const isMediaFile = isMediaRoute(route) && route.media !== undefined && snapshot.entries.has(route.media);
  // Under /media/ only a page that exists is one: any other path keeps the media 404.
  const isPage = (url: string) =>
    snapshot.entries.has(keyOf(KEYS.markdownLive, url)) || snapshot.entries.has(keyOf(KEYS.markdownDraft, url));
  if (pageUrl !== undefined && (route === undefined || (isMediaRoute(route) && !isMediaFile && isPage(pageUrl))))
    return { kind: 'endpoint', endpoint: ENDPOINTS.pageMarkdown, queryString, pageUrl };
  if (route === undefined) return { kind: 'not-found', reply: errorReply(404, MESSAGES.notApiRoute) };
  if (route === 'health') return HEALTH;
  if (route === 'openapi') return OPENAPI;
  if (isMediaRoute(route)) {
    const file = route.media === undefined ? undefined : snapshot.entries.get(route.media);
    if (file === undefined) return { kind: 'not-found', reply: errorReply(404, MESSAGES.mediaNotFound) };
    return { kind: 'media', route, file };
  }
  return { kind: 'endpoint', endpoint: route, queryString };
}

// Endpoint destinations remembered per snapshot: targets repeat, and a remembered one hands back the same query string,
// which the parameter memo then finds without hashing it again. Only targets the log may hold are kept
// (log-redaction.ts: nothing that held a secret stays in memory); emptied when full.
// docs/decisions.md: What decide finds for a target is remembered per snapshot
const DESTINATIONS = new WeakMap<LoadedSnapshot, Map<string, Destination>>();
const MAX_DESTINATIONS = 4096;

function destinationOf(target: string, snapshot: LoadedSnapshot): Destination {
  let known = DESTINATIONS.get(snapshot);
  if (known === undefined) DESTINATIONS.set(snapshot, (known = new Map()));
  const remembered = known.get(target);
  if (remembered !== undefined) return remembered;
  const destination = findDestination(target, snapshot);
  if (destination.kind === 'endpoint' && loggableTarget(target) === target) {
    if (known.size >= MAX_DESTINATIONS) known.clear();
    known.set(target, destination);
  }
  return destination;
}

/** Method: GET or HEAD, or what the endpoint names (POST for /mcp). */
function checkMethod(method: string, destination: Destination): Reply | undefined {
  const methods = destination.kind === 'endpoint' ? destination.endpoint.methods : undefined;
  if (methods === undefined)
    return ALLOWED_METHODS.includes(method)
      ? undefined
      : errorReply(405, MESSAGES.methodNotAllowed, { Allow: ALLOWED_METHODS.join(', ') });
  return methods.includes(method)
    ? undefined
    : errorReply(405, `Method not allowed. Use ${methods.join(' or ')}.`, { Allow: methods.join(', ') });
}

function healthReply(state: ServingState, extra: Record<string, unknown> = {}): Reply {
  const { id, builtAt, counts } = state.snapshot;
  return jsonReply(200, { status: 'ok', snapshot: id, builtAt, counts, ...extra });
}

/** Throttle: the shell parks a throttled reply before sending it (flood-guard.ts). /mcp's 429 names no address, so it
 *  is sent at once, as the MCP path sent it before the order was one function. */
function throttledReply(retryAfterSeconds: number, client: string, destination: Destination): Reply {
  const reply = errorReply(429, MESSAGES.tooManyFailures, { 'Retry-After': String(retryAfterSeconds) });
  const parked = destination.kind !== 'endpoint' || destination.endpoint !== MCP_ROUTE;
  return parked ? { ...reply, throttledAddress: client } : reply;
}

const INVALID_TOKEN = { 'WWW-Authenticate': 'Bearer error="invalid_token"' };

/** A Bearer caller learns only that the token was refused (RFC 6750 3.1), with the same message as a failed login. */
function unauthorizedReply(outcome: Exclude<CredentialOutcome, { allowed: true }>): Reply {
  if (outcome.reason === 'invalid-token') return errorReply(401, MESSAGES.authenticationFailed, INVALID_TOKEN);
  const message = outcome.reason === 'no-credentials' ? MESSAGES.authenticationRequired : MESSAGES.authenticationFailed;
  return errorReply(401, message, { 'WWW-Authenticate': 'Basic realm=' });
}

/** Lookup: the answer as the user's reply (404, 403 for a restricted page, 200 or 304). */
function answerReply(answer: Answer, policy: ReplyPolicy, request: GatewayRequest, user: string | undefined): Reply {
  if (answer.kind === 'reply') return user === undefined ? answer.reply : forUser(answer.reply, user);
  if (answer.kind === 'composed') return composedReply(answer.body, policy, request.ifNoneMatch, user);
  if (answer.kind === 'parts') {
    const reply = partsReply(answer.etag, answer.parts, policy, request);
    return user === undefined ? reply : forUser(reply, user);
  }
  return entryReply(answer.entry, policy, request, user);
}

/** A `<url>.md` path's page as the url parameter the lookup reads. */
function withPageUrl<T extends object>(values: T, pageUrl: string | undefined): T {
  return pageUrl === undefined ? values : { ...values, url: pageUrl };
}

/** The public view: the same lookups for PUBLIC_CALLER, answered `public, no-cache`; its parameters are checked as
 *  any caller's (a bad one is a 400), and a draft is never its answer. */
function publicViewReply(
  destination: Extract<Destination, { kind: 'endpoint' }>,
  snapshot: LoadedSnapshot,
  request: GatewayRequest,
): Eventually<Reply> {
  const { endpoint } = destination;
  const checked = checkQueryString(endpoint.parameters, destination.queryString);
  if ('reply' in checked) return checked.reply;
  const values = withPageUrl(checked.values, destination.pageUrl);
  const input = { query: checked.query, values, user: PUBLIC_CALLER, snapshot };
  return then(endpoint.lookup(input), (answer) => answerReply(answer, publicPolicy(endpoint), request, undefined));
}

/** The decision order; the README's table lists these steps in this order. Answers in the same turn unless a
 *  password check or a search has to wait. */
export function decide(request: GatewayRequest, tables: DecisionTables): Eventually<Reply> {
  // Host (400): the gateway itself never reads it.
  if (request.httpVersion === '1.1' && request.host === undefined) return errorReply(400, MESSAGES.malformedRequest);
  // Waiting for a snapshot (503): the base path, the routes' prefix, is not known yet.
  const { state } = tables;
  if (state === undefined) return waitingReply(request.target, tables.health?.() ?? {});
  // Target length (414).
  if (request.target.length > MAX_URL_LENGTH) return errorReply(414, MESSAGES.urlTooLong);
  // Route (404).
  const destination = destinationOf(request.target, state.snapshot);
  if (destination.kind === 'not-found') return destination.reply;
  // Method (405).
  const wrongMethod = checkMethod(request.method, destination);
  if (wrongMethod !== undefined) return wrongMethod;
  // Trusted address (403).
  const client = clientAddress(request.peerAddress, request.forwardedFor, state.proxy);
  if (!isTrustedAddress(client, state.trust)) return errorReply(403, MESSAGES.untrustedAddress);
  // No credentials needed: the health check, the OpenAPI document, public media (as on Typemill's web server).
  if (destination.kind === 'health') return healthReply(state, tables.health?.());
  if (destination.kind === 'openapi') return documentReply(state.snapshot, request);
  if (destination.kind === 'media' && destination.file.restriction === undefined)
    return mediaReply(destination.file, destination.route, request, PUBLIC_MEDIA_CACHE);
  // The AI files' public view (`--public-llms`): a caller without credentials, never one with wrong ones.
  if (destination.kind === 'endpoint' && destination.endpoint.publicView && tables.publicLlms && !request.authorization)
    return publicViewReply(destination, state.snapshot, request);
  // Throttle (429), before the credentials are looked at.
  const retryAfterSeconds = tables.limiter.retryAfterSeconds(client, tables.now);
  if (retryAfterSeconds > 0) return throttledReply(retryAfterSeconds, client, destination);
  // Credentials (401): the cache answers at once, a first check waits for bcrypt.
  const attempt = { address: client, authorization: request.authorization, now: tables.now };
  const credentials = checkCredentials(attempt, credentialTablesOf(state, tables));
  return credentials instanceof Promise
    ? credentials.then((outcome) => afterCredentials(outcome, destination, request, state, tables))
    : afterCredentials(credentials, destination, request, state, tables);
}

/** Role, parameters and lookup, once the credentials are known: a function of its own rather than a closure, so a
 *  request answered in the same turn allocates none. */
function afterCredentials(
  outcome: CredentialOutcome,
  destination: Exclude<Destination, { kind: 'not-found' | 'health' | 'openapi' }>,
  request: GatewayRequest,
  state: ServingState,
  tables: DecisionTables,
): Eventually<Reply> {
  if (!outcome.allowed) return unauthorizedReply(outcome);
  const { user } = outcome;
  const logName = logNameOf(user);
  // Role (403): a restricted media file asks for the role its restriction names, an endpoint for its minimum.
  if (destination.kind === 'media') {
    const reply = passesRestriction(destination.file.restriction, user)
      ? mediaReply(destination.file, destination.route, request, RESTRICTED_MEDIA_CACHE)
      : errorReply(403, MESSAGES.notEnoughRights);
    return forUser(reply, logName);
  }
  const { endpoint } = destination;
  const denied = authorize(user.role, endpoint);
  if (denied !== undefined) return forUser(denied, logName);
  // Parameters (400).
  const checked = checkQueryString(endpoint.parameters, destination.queryString);
  if ('reply' in checked) return forUser(checked.reply, logName);
  // Lookup (404, 403 for a restricted page, 200 or 304); only search waits.
  const policy = tables.cdn ? cdnPolicy(endpoint) : endpoint;
  const { query } = checked;
  const values = withPageUrl(checked.values, destination.pageUrl);
  const answer = endpoint.lookup({ query, values, user, snapshot: state.snapshot });
  return answer instanceof Promise
    ? answer.then((settled) => answerReply(settled, policy, request, logName))
    : answerReply(answer, policy, request, logName);
}
