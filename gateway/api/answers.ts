// How endpoints answer: validate the parameters (400), find or compose the body (404), apply page restrictions (403).
import { ROLES } from '../../contract/snapshot.ts';
import { normalizeUrl } from '../../contract/normalize-url.ts';
import { listParameter, stringParameter } from '../http/query.ts';
import type { Query } from '../http/query.ts';
import type { AuthenticatedUser } from '../auth/credential-cache.ts';
import type { LoadedEntry, LoadedSnapshot } from '../snapshot/snapshot-loader.ts';
import { MESSAGES, errorReply, validationReply } from '../http/reply.ts';
import type { Reply } from '../http/reply.ts';
import { passesRestriction } from '../auth/roles.ts';
import { composedBody } from '../http/success-reply.ts';
import type { ComposedBody } from '../http/success-reply.ts';

export type Answer =
  | { kind: 'entry'; entry: LoadedEntry }
  /** A body composed per request (restricted slugs, getbynames); served identity-only. */
  | { kind: 'composed'; body: ComposedBody }
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

/** A string parameter that is present and not only whitespace (docs/typemill.md: A missing or blank url or slug is a 400; Users endpoints validate their parameters). */
function requiredParameter(query: Query, name: string): string | undefined {
  const value = stringParameter(query, name);
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** `draft` means draft only for `true` or `1` (docs/typemill.md: Where Typemill contradicts the API contract, the contract wins). */
export function wantsDraft(query: Query): boolean {
  const value = stringParameter(query, 'draft');
  return value === 'true' || value === '1';
}

function fromEntry(entry: LoadedEntry | undefined, user: AuthenticatedUser, notFoundMessage: string): Answer {
  if (entry === undefined) return notFound(notFoundMessage);
  if (!passesRestriction(entry.restriction, user)) return reply(errorReply(403, MESSAGES.notEnoughRights));
  return { kind: 'entry', entry };
}

/** Endpoints keyed by the normalised `url` parameter; `keysOf` lists keys to try in order. */
export function byUrl(keysOf: (url: string, query: Query) => string[]) {
  return ({ query, user, snapshot }: EndpointInput): Answer => {
    const url = requiredParameter(query, 'url');
    if (url === undefined) return missing('url');
    const key = keysOf(normalizeUrl(url), query).find((candidate) => snapshot.entries.has(candidate));
    return fromEntry(key === undefined ? undefined : snapshot.entries.get(key), user, MESSAGES.pageNotFound);
  };
}

/** Restricted slugs are composed per caller from their parts; the others are stored whole. */
export function bySlug(keyOf: (slug: string) => string) {
  return ({ query, user, snapshot }: EndpointInput): Answer => {
    const slug = requiredParameter(query, 'slug');
    if (slug === undefined) return missing('slug');
    const parts = snapshot.restrictedSlugs.get(slug);
    if (parts === undefined) return fromEntry(snapshot.entries.get(keyOf(slug)), user, MESSAGES.pageNotFound);
    const allowed = parts.filter((part) => passesRestriction(part.restriction, user));
    if (allowed.length === 0) return notFound(MESSAGES.pageNotFound);
    return { kind: 'composed', body: composedBody(`{"items":[${allowed.map((part) => part.json).join(',')}]}`) };
  };
}

export function usersByNames({ query, snapshot }: EndpointInput): Answer {
  const names = listParameter(query, 'usernames').filter((name) => name.trim() !== '');
  if (names.length === 0) return missing('usernames');
  const records = [...new Set(names)]
    .filter((name) => USERNAME.test(name))
    .map((name) => snapshot.userRecords.get(name))
    .filter((record): record is string => record !== undefined);
  return { kind: 'composed', body: composedBody(`{"userdata":[${records.join(',')}]}`) };
}

function userList(snapshot: LoadedSnapshot, key: string, noUsersKey: string): Answer {
  const entry = snapshot.entries.get(key) ?? snapshot.entries.get(noUsersKey);
  return entry === undefined ? { kind: 'composed', body: composedBody(NO_USERS) } : { kind: 'entry', entry };
}

export function usersByRole(keyOf: (role: string) => string, noUsersKey: string) {
  return ({ query, snapshot }: EndpointInput): Answer => {
    const role = requiredParameter(query, 'role');
    if (role === undefined) return missing('role');
    if (!(ROLES as readonly string[]).includes(role)) return reply(validationReply('role', 'Role is invalid'));
    return userList(snapshot, keyOf(role), noUsersKey);
  };
}

export function usersByEmail(keyOf: (email: string) => string, noUsersKey: string) {
  return ({ query, snapshot }: EndpointInput): Answer => {
    const email = requiredParameter(query, 'email');
    if (email === undefined) return missing('email');
    if (email.length > 254 || !EMAIL.test(email)) return reply(validationReply('email', 'Email is invalid'));
    return userList(snapshot, keyOf(email), noUsersKey);
  };
}

export function byKey(keyOf: (input: EndpointInput) => string, notFoundMessage: string) {
  return (input: EndpointInput): Answer => fromEntry(input.snapshot.entries.get(keyOf(input)), input.user, notFoundMessage);
}
