// How endpoints answer, from parameters the table's rules have validated (parameters.ts): find or compose the body
// (404), apply page restrictions (403).
import { normalizeUrl } from '../../contract/normalize-url.ts';
import type { Query } from '../http/query.ts';
import type { ParameterValues } from './parameters.ts';
import type { AuthenticatedUser } from '../auth/credential-cache.ts';
import type { LoadedEntry } from '../snapshot/model.ts';
import type { LoadedSnapshot } from '../snapshot/serving-state.ts';
import { MESSAGES, errorReply } from '../reply/reply.ts';
import type { Reply } from '../reply/reply.ts';
import { passesRestriction } from '../auth/roles.ts';
import { composedBody } from '../reply/success-reply.ts';
import type { ComposedBody } from '../reply/success-reply.ts';
import type { PartList } from '../reply/reply.ts';

export type Answer =
  | { kind: 'entry'; entry: LoadedEntry }
  /** A body composed per request (restricted slugs, getbynames); served identity-only. */
  | { kind: 'composed'; body: ComposedBody }
  | { kind: 'reply'; reply: Reply }
  /** `llms-full.txt`: the parts its manifest names, under the manifest's ETag (llms-answers.ts). */
  | { kind: 'parts'; etag: string; parts: PartList };

export interface EndpointInput {
  query: Query;
  /** The query's values by the endpoint's parameters, validated (gateway/api/parameters.ts). */
  values: ParameterValues;
  user: AuthenticatedUser;
  snapshot: LoadedSnapshot;
}

const USERNAME = /^[A-Za-z0-9]{3,40}$/;
const NO_USERS = '{"userdata":[]}';

const reply = (value: Reply): Answer => ({ kind: 'reply', reply: value });
const notFound = (message: string): Answer => reply(errorReply(404, message));
/** A required text parameter's value: present, since the request passed its endpoint's parameter rules
 *  (docs/typemill.md: A missing or blank url or slug is a 400; Users endpoints validate their parameters). */
export function textValue(values: ParameterValues, name: string): string {
  const value = values[name];
  return typeof value === 'string' ? value : '';
}

/** `draft` means draft only for `true` or `1`
 *  (docs/typemill.md: Where Typemill contradicts the API contract, the contract wins). */
export function wantsDraft(values: ParameterValues): boolean {
  return values.draft === true;
}

function fromEntry(entry: LoadedEntry | undefined, user: AuthenticatedUser, notFoundMessage: string): Answer {
  if (entry === undefined) return notFound(notFoundMessage);
  if (!passesRestriction(entry.restriction, user)) return reply(errorReply(403, MESSAGES.notEnoughRights));
  return { kind: 'entry', entry };
}

type Entries = LoadedSnapshot['entries'];

function firstEntry(keys: readonly string[], entries: Entries): LoadedEntry | undefined {
  for (const key of keys) {
    const entry = entries.get(key);
    if (entry !== undefined) return entry;
  }
  return undefined;
}

/** Endpoints keyed by the normalised `url` parameter; `keysOf` lists keys to try in order. A repeated query hands the
 *  same frozen values (parameters.ts memo), so the entry it found in these entries is remembered by them: no url
 *  normalised, no keys built, no index lookups on a repeat. Weak: kept as long as the parameter memo keeps the values. */
export function byUrl(keysOf: (url: string, values: ParameterValues) => string[]) {
  const found = new WeakMap<ParameterValues, { entries: Entries; entry: LoadedEntry | undefined }>();
  return ({ values, user, snapshot }: EndpointInput): Answer => {
    const { entries } = snapshot;
    let known = found.get(values);
    if (known === undefined || known.entries !== entries) {
      known = { entries, entry: firstEntry(keysOf(normalizeUrl(textValue(values, 'url')), values), entries) };
      found.set(values, known);
    }
    return fromEntry(known.entry, user, MESSAGES.pageNotFound);
  };
}

/** Restricted slugs are composed per caller from their parts; the others are stored whole. */
export function bySlug(keyOf: (slug: string) => string) {
  return ({ values, user, snapshot }: EndpointInput): Answer => {
    const slug = textValue(values, 'slug');
    const parts = snapshot.restrictedSlugs.get(slug);
    if (parts === undefined) return fromEntry(snapshot.entries.get(keyOf(slug)), user, MESSAGES.pageNotFound);
    const allowed = parts.filter((part) => passesRestriction(part.restriction, user));
    if (allowed.length === 0) return notFound(MESSAGES.pageNotFound);
    return { kind: 'composed', body: composedBody(`{"items":[${allowed.map((part) => part.json).join(',')}]}`) };
  };
}

export function usersByNames({ values, snapshot }: EndpointInput): Answer {
  const names = Array.isArray(values.usernames) ? values.usernames : [];
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
  return ({ values, snapshot }: EndpointInput): Answer =>
    userList(snapshot, keyOf(textValue(values, 'role')), noUsersKey);
}

export function usersByEmail(keyOf: (email: string) => string, noUsersKey: string) {
  return ({ values, snapshot }: EndpointInput): Answer =>
    userList(snapshot, keyOf(textValue(values, 'email')), noUsersKey);
}

export function byKey(keyOf: (input: EndpointInput) => string, notFoundMessage: string) {
  return (input: EndpointInput): Answer =>
    fromEntry(input.snapshot.entries.get(keyOf(input)), input.user, notFoundMessage);
}
