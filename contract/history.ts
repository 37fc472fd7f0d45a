// The change history a snapshot carries for the change feed and the webhooks (docs/changes.md): the root's `history`
// names the kept snapshots in order, each with a content-addressed delta body against the one before it.
import { IDENTITY_FILE } from './dist-folder.ts';
import type { HistoryEntry, HistoryRoot, Restriction } from './snapshot.ts';

export type { HistoryChunk, HistoryEntry, HistoryRoot } from './snapshot.ts';

/** A delta body: each key (and pseudo-key) whose version differs between `previous` and `current`. */
export interface HistoryDelta {
  previous: string;
  current: string;
  changes: Record<string, [string | null, string | null]>;
}

/** Entries frozen per chunk: the root holds fewer than twice as many inline, so a publish rewrites at most that. */
export const HISTORY_CHUNK = 32;

/** The defaults of `--keep-history` and `--keep-history-hours`; a snapshot is kept if either keeps it. */
export const HISTORY_DEFAULTS = { count: 1000, hours: 168 } as const;

export interface HistoryPolicy {
  count: number;
  hours: number;
}

/** Pseudo-keys for answers composed per caller: a restricted slug's parts, a user record (getbynames). */
export const SLUG_PARTS_PREFIX = 'slug-parts:';
export const USER_RECORD_PREFIX = 'user-record:';

/** A key's version: its ETag, then its restriction, so a restriction that changes alone is a change. */
export function entryVersion(etag: string, restriction: Restriction | undefined): string {
  return restriction === undefined ? etag : `${etag}${JSON.stringify(restriction)}`;
}

/** The ETag and restriction a version was made from. */
export function parseVersion(version: string): { etag: string; restriction: Restriction | undefined } {
  const end = version.indexOf('"', 1);
  const etag = version.slice(0, end + 1);
  const rest = version.slice(end + 1);
  return { etag, restriction: rest === '' ? undefined : (JSON.parse(rest) as Restriction) };
}

/** A restricted slug's parts as a version: each part's hash with its restriction, in order. */
export type SlugPartsVersion = Array<[string, Restriction | null]>;

/** Every pool file a history names: its chunks and its inline entries' deltas (a chunk holds its deltas inline). */
export function historyFiles(history: HistoryRoot | undefined): string[] {
  if (history === undefined) return [];
  return [
    ...history.chunks.map((chunk) => chunk.file),
    ...history.recent.flatMap((entry) => (entry.delta === null ? [] : [entry.delta])),
  ];
}

type Json = Record<string, unknown>;

function fail(where: string, problem: string): never {
  throw new Error(`${where}: ${problem}`);
}

function object(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(where, 'expected an object');
  return value as Json;
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string') fail(where, 'expected a string');
  return value;
}

function poolFile(value: unknown, where: string): string {
  const file = text(value, where);
  if (!IDENTITY_FILE.test(file)) fail(where, `"${file}" is not a body file bodies/<hash>.json`);
  return file;
}

export function parseHistoryEntry(value: unknown, where: string): HistoryEntry {
  const fields = object(value, where);
  return {
    id: text(fields.id, `${where}.id`),
    at: text(fields.at, `${where}.at`),
    delta: fields.delta === null ? null : poolFile(fields.delta, `${where}.delta`),
  };
}

function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) fail(where, 'expected an array');
  return value;
}

/** The root's `history`; undefined when a snapshot has none (built before the feed existed). */
export function parseHistoryRoot(value: unknown, where = 'index.json history'): HistoryRoot | undefined {
  if (value === undefined) return undefined;
  const fields = object(value, where);
  const chunks = list(fields.chunks, `${where}.chunks`).map((chunk, position) => {
    const at = `${where}.chunks[${position}]`;
    const chunkFields = object(chunk, at);
    const entries = chunkFields.entries;
    if (typeof entries !== 'number' || !Number.isInteger(entries) || entries < 1)
      fail(`${at}.entries`, 'expected a count');
    return { file: poolFile(chunkFields.file, `${at}.file`), entries, until: text(chunkFields.until, `${at}.until`) };
  });
  const skip = fields.skip;
  if (typeof skip !== 'number' || !Number.isInteger(skip) || skip < 0 || (chunks[0] && skip >= chunks[0].entries))
    fail(`${where}.skip`, 'expected a count below the first chunk');
  const recent = list(fields.recent, `${where}.recent`).map((entry, position) =>
    parseHistoryEntry(entry, `${where}.recent[${position}]`),
  );
  if (recent.length === 0) fail(`${where}.recent`, 'expected at least the snapshot itself');
  return { chunks, skip, recent };
}

/** A chunk body's entries, each with its delta inline (null for the history's first entry). */
export interface FrozenEntry {
  id: string;
  at: string;
  delta: HistoryDelta | null;
}

export function parseHistoryChunk(value: unknown, where: string): FrozenEntry[] {
  return list(object(value, where).history, `${where}.history`).map((entry, position) => {
    const at = `${where}.history[${position}]`;
    const fields = object(entry, at);
    return {
      id: text(fields.id, `${at}.id`),
      at: text(fields.at, `${at}.at`),
      delta: fields.delta === null ? null : parseHistoryDelta(fields.delta, `${at}.delta`),
    };
  });
}

export function parseHistoryDelta(value: unknown, where: string): HistoryDelta {
  const fields = object(value, where);
  const changes = object(fields.changes, `${where}.changes`);
  for (const key in changes) {
    const pair = changes[key];
    if (
      !Array.isArray(pair) ||
      pair.length !== 2 ||
      !pair.every((version) => version === null || typeof version === 'string')
    )
      fail(`${where}.changes["${key}"]`, 'expected [before, after]');
  }
  return {
    previous: text(fields.previous, `${where}.previous`),
    current: text(fields.current, `${where}.current`),
    changes: changes as HistoryDelta['changes'],
  };
}
