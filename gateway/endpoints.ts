// Per endpoint: validate the parameters (400), find or compose the body (404), apply page restrictions (403).
import { ROLES, requestKey } from './contract.ts';
import { normalizeUrl } from './normalize-url.ts';
import { listParameter, stringParameter } from './query.ts';
import type { Query } from './query.ts';
import type { EndpointName } from './routes.ts';
import type { AuthenticatedUser } from './credential-cache.ts';
import type { LoadedEntry, LoadedSnapshot } from './snapshot-loader.ts';
import { MESSAGES, errorReply, validationReply } from './reply.ts';
import type { Reply } from './reply.ts';
import { passesRestriction } from './roles.ts';
import { searchEndpoint } from './search/search-endpoint.ts';

export type Answer =
  | { kind: 'entry'; entry: LoadedEntry }
  /** A body composed per request (restricted slugs, getbynames); served identity-only. */
  | { kind: 'composed'; json: string }
  | { kind: 'reply'; reply: Reply };

export interface EndpointInput {
  query: Query;
  user: AuthenticatedUser;
  snapshot: LoadedSnapshot;
}

const USERNAME = /^[A-Za-z0-9]{3,40}$/;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const NO_USERS = '{"userdata":[]}';

const reply = (value: Reply): Answer => ({ kind: 'reply', reply: value });
const notFound = (message: string): Answer => reply(errorReply(404, message));
const missing = (field: string): Answer => reply(validationReply(field, `${field[0]!.toUpperCase()}${field.slice(1)} is required`));

/** A string parameter that is present and not only whitespace (D2, D3). */
function requiredParameter(query: Query, name: string): string | undefined {
  const value = stringParameter(query, name);
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** `draft` means draft only for `true` or `1` (D13). */
function wantsDraft(query: Query): boolean {
  const value = stringParameter(query, 'draft');
  return value === 'true' || value === '1';
}

function fromEntry(entry: LoadedEntry | undefined, user: AuthenticatedUser, notFoundMessage: string): Answer {
  if (entry === undefined) return notFound(notFoundMessage);
  if (!passesRestriction(entry.restriction, user)) return reply(errorReply(403, MESSAGES.notEnoughRights));
  return { kind: 'entry', entry };
}

/** Endpoints keyed by the normalised `url` parameter; `keysOf` lists keys to try in order. */
function byUrl(keysOf: (url: string, query: Query) => string[]) {
  return ({ query, user, snapshot }: EndpointInput): Answer => {
    const url = requiredParameter(query, 'url');
    if (url === undefined) return missing('url');
    const key = keysOf(normalizeUrl(url), query).find((candidate) => snapshot.entries.has(candidate));
    return fromEntry(key === undefined ? undefined : snapshot.entries.get(key), user, MESSAGES.pageNotFound);
  };
}

function bySlug({ query, user, snapshot }: EndpointInput): Answer {
  const slug = requiredParameter(query, 'slug');
  if (slug === undefined) return missing('slug');
  const parts = snapshot.restrictedSlugs.get(slug);
  if (parts === undefined) return fromEntry(snapshot.entries.get(requestKey.items(slug)), user, MESSAGES.pageNotFound);
  const allowed = parts.filter((part) => passesRestriction(part.restriction, user));
  if (allowed.length === 0) return notFound(MESSAGES.pageNotFound);
  return { kind: 'composed', json: `{"items":[${allowed.map((part) => part.json).join(',')}]}` };
}

function usersByNames({ query, snapshot }: EndpointInput): Answer {
  const names = listParameter(query, 'usernames').filter((name) => name.trim() !== '');
  if (names.length === 0) return missing('usernames');
  const records = [...new Set(names)]
    .filter((name) => USERNAME.test(name))
    .map((name) => snapshot.userRecords.get(name))
    .filter((record): record is string => record !== undefined);
  return { kind: 'composed', json: `{"userdata":[${records.join(',')}]}` };
}

function userList(snapshot: LoadedSnapshot, key: string): Answer {
  const entry = snapshot.entries.get(key) ?? snapshot.entries.get(requestKey.noUsers());
  return entry === undefined ? { kind: 'composed', json: NO_USERS } : { kind: 'entry', entry };
}

function usersByRole({ query, snapshot }: EndpointInput): Answer {
  const role = requiredParameter(query, 'role');
  if (role === undefined) return missing('role');
  if (!(ROLES as readonly string[]).includes(role)) return reply(validationReply('role', 'Role is invalid'));
  return userList(snapshot, requestKey.usersByRole(role));
}

function usersByEmail({ query, snapshot }: EndpointInput): Answer {
  const email = requiredParameter(query, 'email');
  if (email === undefined) return missing('email');
  if (email.length > 254 || !EMAIL.test(email)) return reply(validationReply('email', 'Email is invalid'));
  return userList(snapshot, requestKey.usersByEmail(email));
}

function byKey(keyOf: (input: EndpointInput) => string, notFoundMessage: string) {
  return (input: EndpointInput): Answer => fromEntry(input.snapshot.entries.get(keyOf(input)), input.user, notFoundMessage);
}

// Search (issue 13) answers asynchronously; every other endpoint synchronously.
export const ENDPOINTS: Record<EndpointName, (input: EndpointInput) => Answer | Promise<Answer>> = {
  navigation: byKey(({ query }) => requestKey.navigation(wantsDraft(query)), MESSAGES.navigationNotFound),
  // A page without a draft answers its live content when the draft is asked for (reference-semantics 5.1).
  content: byUrl((url, query) => [...(wantsDraft(query) ? [requestKey.content(url, true)] : []), requestKey.content(url, false)]),
  meta: byUrl((url) => [requestKey.meta(url)]),
  item: byUrl((url) => [requestKey.item(url)]),
  items: bySlug,
  settings: byKey(() => requestKey.settings(), MESSAGES.pageNotFound),
  mainnavi: byKey(({ user }) => requestKey.mainnavi(user.role), MESSAGES.navigationNotFound),
  systemnavi: byKey(({ user }) => requestKey.systemnavi(user.role), MESSAGES.navigationNotFound),
  usersByNames,
  usersByRole,
  usersByEmail,
  search: searchEndpoint,
  // Reached only if the server did not hand /mcp to the MCP transport.
  mcp: () => reply(errorReply(404, MESSAGES.notApiRoute)),
};
