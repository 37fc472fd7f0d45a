// The gateway's decision order (DESIGN §4): ordered checks, first match wins, ending in the reply to send.
import { matchRoute, matchMcpRoute, isHealthPath, isOpenApiPath } from './routes.ts';
import type { Route } from './routes.ts';
import { parseQuery } from './query.ts';
import { parseBasicCredentials } from './basic-auth.ts';
import type { Credentials } from './basic-auth.ts';
import { clientAddress, isTrustedAddress } from './ip-trust.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { authenticateOnce } from './authenticate.ts';
import type { AuthenticatedUser } from './credential-cache.ts';
import type { VerifyPassword } from './authenticate.ts';
import { meetsMinimumRole } from './roles.ts';
import { ENDPOINTS } from './endpoints.ts';
import type { Answer } from './endpoints.ts';
import type { ServingState } from './snapshot-loader.ts';
import { MESSAGES, errorReply, jsonReply, permissionDeniedReply } from './reply.ts';
import type { Reply } from './reply.ts';
import { entryReply, composedReply } from './success-reply.ts';
import { documentReply } from './document-reply.ts';

export const MAX_URL_LENGTH = 8 * 1024;

export interface GatewayRequest {
  method: string;
  /** The request target as received: `/api/v1/navigation?draft=true`. */
  target: string;
  peerAddress: string;
  authorization?: string;
  ifNoneMatch?: string;
  acceptEncoding?: string;
  forwardedFor?: string;
}

export interface DecisionTables {
  state: ServingState;
  limiter: LoginLimiter;
  verify: VerifyPassword;
  now: number;
}

interface RequestFacts {
  request: GatewayRequest;
  tables: DecisionTables;
  route: Route | 'health' | 'openapi' | undefined;
  client: string;
  /** The user remembered for this Authorization header: the one credential-cache lookup of the request. */
  remembered: AuthenticatedUser | undefined;
  /** Parsed only when the header is not remembered. */
  credentials: Credentials | undefined;
}

type Guard = (facts: RequestFacts) => Reply | undefined;

const ALLOWED_METHODS = new Set(['GET', 'HEAD']);

// Checks 1–5 of DESIGN §4 (and the URL length limit before them); they need no password check.
const GUARDS: ReadonlyArray<readonly [string, Guard]> = [
  ['url too long', ({ request }) => (request.target.length > MAX_URL_LENGTH ? errorReply(414, MESSAGES.urlTooLong) : undefined)],
  ['not an API route', ({ route }) => (route === undefined ? errorReply(404, MESSAGES.notApiRoute) : undefined)],
  ['method', ({ request, route }) => {
    const methods = typeof route === 'object' && route.methods !== undefined ? route.methods : undefined;
    if (methods === undefined) return ALLOWED_METHODS.has(request.method) ? undefined : errorReply(405, MESSAGES.methodNotAllowed, { Allow: 'GET, HEAD' });
    return methods.includes(request.method) ? undefined : errorReply(405, `Method not allowed. Use ${methods.join(' or ')}.`, { Allow: methods.join(', ') });
  }],
  ['untrusted address', ({ client, tables }) =>
    isTrustedAddress(client, tables.state.trust) ? undefined : errorReply(403, MESSAGES.untrustedAddress)],
  ['health', ({ route, tables }) => (route === 'health' ? healthReply(tables.state) : undefined)],
  ['openapi document', ({ route, tables, request }) => (route === 'openapi' ? documentReply(tables.state.snapshot, request) : undefined)],
  ['too many failures', ({ client, tables }) => {
    const seconds = tables.limiter.retryAfterSeconds(client, tables.now);
    return seconds > 0 ? errorReply(429, MESSAGES.tooManyFailures, { 'Retry-After': String(seconds) }) : undefined;
  }],
  ['no credentials', ({ remembered, credentials }) =>
    (remembered === undefined && credentials === undefined ? unauthorized(MESSAGES.authenticationRequired) : undefined)],
];

function unauthorized(message: string): Reply {
  return errorReply(401, message, { 'WWW-Authenticate': 'Basic realm=' });
}

function healthReply(state: ServingState): Reply {
  const { id, builtAt, counts } = state.snapshot;
  return jsonReply(200, { status: 'ok', snapshot: id, builtAt, counts });
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

function answerReply(answer: Answer, route: Route, request: GatewayRequest): Reply {
  // Every answer is a fresh reply object, so the caller may set its user.
  if (answer.kind === 'reply') return answer.reply;
  if (answer.kind === 'composed') return composedReply(answer.json, route, request.ifNoneMatch);
  return entryReply(answer.entry, route, request);
}

/** Checks 1–7 of DESIGN §4: the reply that ends the request, or the authenticated caller and its route.
 *  The MCP endpoint (issue 13) passes the same checks and then hands the request to its transport. */
export type Admission = { reply: Reply } | { user: AuthenticatedUser; route: Route; queryString: string };

export async function admit(request: GatewayRequest, tables: DecisionTables): Promise<Admission> {
  const { state } = tables;
  const { pathname, queryString } = splitTarget(request.target);
  const basePath = state.snapshot.basePath;
  const remembered = request.authorization === undefined ? undefined : state.credentials.get(request.authorization);
  const facts: RequestFacts = {
    request,
    tables,
    route: isHealthPath(pathname, basePath) ? 'health' : isOpenApiPath(pathname, basePath) ? 'openapi' : matchRoute(pathname, basePath) ?? matchMcpRoute(pathname, basePath),
    client: clientAddress(request.peerAddress, request.forwardedFor, state.proxy),
    remembered,
    credentials: remembered === undefined ? parseBasicCredentials(request.authorization) : undefined,
  };
  for (const [, guard] of GUARDS) {
    const reply = guard(facts);
    if (reply !== undefined) return { reply };
  }
  const { route, credentials, client } = facts;
  if (route === undefined || route === 'health' || route === 'openapi' || request.authorization === undefined) {
    throw new Error('decide: a guard let an incomplete request through');
  }
  const user = remembered ?? (await authenticateWithPassword(request.authorization, credentials, tables, client));
  if (user === undefined) {
    tables.limiter.recordFailure(client, tables.now);
    return { reply: unauthorized(MESSAGES.authenticationFailed) };
  }
  if (!meetsMinimumRole(user.role, route.minRole)) {
    const denied = permissionDeniedReply(user.role, route.privilege, route.resource);
    denied.user = user.username;
    return { reply: denied };
  }
  return { user, route, queryString };
}

export async function decide(request: GatewayRequest, tables: DecisionTables): Promise<Reply> {
  const admission = await admit(request, tables);
  if ('reply' in admission) return admission.reply;
  const { user, route, queryString } = admission;
  const answer = ENDPOINTS[route.endpoint]({ query: parseQuery(queryString), user, snapshot: tables.state.snapshot });
  const reply = answerReply(answer instanceof Promise ? await answer : answer, route, request);
  reply.user = user.username;
  return reply;
}

/** The bcrypt path, for a header not remembered yet. */
function authenticateWithPassword(authorization: string, credentials: Credentials | undefined, tables: DecisionTables, client: string): Promise<AuthenticatedUser | undefined> {
  if (credentials === undefined) throw new Error('decide: a guard let a request without credentials through');
  const { state, limiter } = tables;
  const authentication = { accounts: state.snapshot.accounts, dummyHash: state.dummyHash, cache: state.credentials, verify: tables.verify };
  // Same tick as the limiter check above: a concurrent guess from this address already sees this one.
  return authenticateOnce(authorization, credentials, authentication, {
    begin: () => limiter.begin(client),
    settle: () => limiter.settle(client),
  });
}
