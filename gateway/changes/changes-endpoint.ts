// `GET /api/v1/changes?since=<id>`: the net difference between a kept snapshot and the one served, as the caller
// reads the answers, a page of `limit` names at a time (docs/changes.md). 400 for a malformed id or cursor, 410 with
// `current` for one the history does not keep.
import type { EndpointInput, Answer } from '../api/answers.ts';
import { textValue } from '../api/answers.ts';
import { CHANGES_LIMITS } from '../../contract/endpoints.ts';
import type { ChangeLists } from '../../contract/snapshot.ts';
import { jsonReply, validationReply } from '../reply/reply.ts';
import { composedBody } from '../reply/success-reply.ts';
import { feedFor, netChanges } from './feed.ts';
import type { FeedLists, FeedViewer } from './feed.ts';
import { deltasBetween } from './history-reader.ts';
import type { LoadedSnapshot } from '../snapshot/serving-state.ts';

/** Snapshot ids as the generator makes them and a follower's cache accepts them. */
const SNAPSHOT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const CURSOR = /^([0-9]{1,9})@([A-Za-z0-9][A-Za-z0-9._-]{0,127})$/;
const LIST_ORDER = ['added', 'changed', 'removed'] as const;

export interface ChangesPage extends FeedLists {
  since: string;
  current: string;
  next?: string;
}

/** Answers for one (since, current, viewer): the same lists are asked for page after page. */
const answered = new Map<string, Promise<FeedLists | undefined>>();
const ANSWERS_KEPT = 256;

/** The feed lists between two kept snapshots for a viewer; undefined when the history does not keep both. */
export function feedBetween(
  snapshot: Pick<LoadedSnapshot, 'directory' | 'history'>,
  since: string,
  until: string,
  viewer: FeedViewer,
): Promise<FeedLists | undefined> {
  const { history } = snapshot;
  if (since === until)
    return Promise.resolve({ urls: emptyLists(), slugs: emptyLists(), endpoints: [] } satisfies FeedLists);
  if (history === undefined) return Promise.resolve(undefined);
  const key = JSON.stringify([snapshot.directory, since, until, viewer.role, viewer.username ?? null]);
  let lists = answered.get(key);
  if (lists === undefined) {
    lists = deltasBetween(snapshot.directory, history, since, until).then(
      (deltas) => deltas && feedFor(netChanges(deltas), viewer),
    );
    lists.catch(() => answered.delete(key));
    if (answered.size >= ANSWERS_KEPT) answered.delete(answered.keys().next().value as string);
    answered.set(key, lists);
  }
  return lists;
}

function emptyLists(): ChangeLists {
  return { added: [], changed: [], removed: [] };
}

/** Names `offset` to `offset + limit` of urls then slugs, each in added, changed, removed order. */
export function pageOf(lists: FeedLists, offset: number, limit: number): { page: FeedLists; more: boolean } {
  let skipped = 0;
  let taken = 0;
  const cut = (list: string[]): string[] => {
    const from = Math.max(offset - skipped, 0);
    const part = list.slice(from, from + Math.max(limit - taken, 0));
    skipped += Math.min(from, list.length);
    taken += part.length;
    return part;
  };
  const section = (source: ChangeLists): ChangeLists => {
    const result = emptyLists();
    for (const name of LIST_ORDER) result[name] = cut(source[name]);
    return result;
  };
  const urls = section(lists.urls);
  const slugs = section(lists.slugs);
  const total = LIST_ORDER.reduce((sum, name) => sum + lists.urls[name].length + lists.slugs[name].length, 0);
  return { page: { urls, slugs, endpoints: lists.endpoints }, more: offset + limit < total };
}

const gone = (since: string, current: string) =>
  jsonReply(410, {
    message: `Snapshot ${since} is not in the kept history: sync in full, then follow the feed from current.`,
    current,
  });

/** The endpoint's answer; a viewer is the caller (a user name where it has one). */
export async function changesAnswer({ values, user, snapshot }: EndpointInput): Promise<Answer> {
  const since = textValue(values, 'since');
  const current = snapshot.id;
  if (values.since === undefined) return { kind: 'composed', body: composedBody(JSON.stringify({ current })) };
  if (!SNAPSHOT_ID.test(since))
    return { kind: 'reply', reply: validationReply('since', 'Since must be a snapshot id, as current gave it') };
  const cursor = textValue(values, 'cursor');
  const parsed = cursor === '' ? undefined : CURSOR.exec(cursor);
  if (parsed === null)
    return { kind: 'reply', reply: validationReply('cursor', 'Cursor must be the next value of an earlier answer') };
  const offset = parsed === undefined ? 0 : Number(parsed[1]);
  const until = parsed === undefined ? current : (parsed[2] as string);
  const limit = typeof values.limit === 'number' ? values.limit : CHANGES_LIMITS.defaultLimit;
  const lists = await feedBetween(snapshot, since, until, { role: user.role, username: user.username });
  if (lists === undefined) return { kind: 'reply', reply: gone(since, current) };
  const { page, more } = pageOf(lists, offset, limit);
  const body: ChangesPage = { since, current: until, ...page, ...(more ? { next: `${offset + limit}@${until}` } : {}) };
  return { kind: 'composed', body: composedBody(JSON.stringify(body)) };
}
