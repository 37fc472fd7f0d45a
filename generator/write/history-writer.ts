// The next snapshot's change history (contract/history.ts): the delta against the snapshot it follows, appended to that
// snapshot's history, frozen into chunks and pruned by count and age. Values in, texts to store out.
import { bodyFile } from '../../contract/dist-folder.ts';
import { contentHash } from '../../contract/etag.ts';
import {
  HISTORY_CHUNK,
  HISTORY_DEFAULTS,
  SLUG_PARTS_PREFIX,
  USER_RECORD_PREFIX,
  entryVersion,
  parseHistoryChunk,
  parseHistoryDelta,
} from '../../contract/history.ts';
import type { HistoryDelta, HistoryPolicy } from '../../contract/history.ts';
import type { HistoryEntry, HistoryRoot, IndexEntry, SlugPart } from '../../contract/snapshot.ts';

/** What a delta compares: all of a snapshot, or (a patched publish) just the keys it replaced on both sides. */
export interface VersionSource {
  entries: Readonly<Record<string, IndexEntry>>;
  restrictedSlugs: Readonly<Record<string, SlugPart[]>>;
  userRecords: Readonly<Record<string, string>>;
}

/** The snapshot a new one follows: its id, build time and history (absent when built before the feed existed). */
export interface HistoryBase {
  id: string;
  builtAt: string;
  history?: HistoryRoot | undefined;
}

/** A pool body the new history needs: `bodies/<hash>.json` holding `text`. */
export interface HistoryBody {
  hash: string;
  text: string;
}

function versions(source: VersionSource): Map<string, string> {
  const map = new Map<string, string>();
  for (const key in source.entries) {
    const entry = source.entries[key] as IndexEntry;
    map.set(key, entryVersion(entry.etag, entry.restriction));
  }
  for (const [slug, parts] of Object.entries(source.restrictedSlugs))
    map.set(
      SLUG_PARTS_PREFIX + slug,
      JSON.stringify(parts.map((part) => [contentHash(part.json), part.restriction ?? null])),
    );
  for (const [name, record] of Object.entries(source.userRecords))
    map.set(USER_RECORD_PREFIX + name, contentHash(record));
  return map;
}

/** Every key whose version differs, with both versions (null: absent), in key order. */
export function deltaOf(previous: string, current: string, before: VersionSource, after: VersionSource): HistoryDelta {
  const old = versions(before);
  const now = versions(after);
  const changes: HistoryDelta['changes'] = {};
  const keys = [...new Set([...old.keys(), ...now.keys()])].sort();
  for (const key of keys) {
    const was = old.get(key) ?? null;
    const is = now.get(key) ?? null;
    if (was !== is) changes[key] = [was, is];
  }
  return { previous, current, changes };
}

function stored(text: string, bodies: HistoryBody[]): string {
  const hash = contentHash(text);
  bodies.push({ hash, text });
  return bodyFile(hash);
}

/** Drops what neither limit keeps: whole chunks first, then the oldest entries of the first chunk (by `skip`) or,
 *  without chunks, of the inline entries. A snapshot is kept while it is among the newest `count` or newer than
 *  `hours`. */
function prune(
  history: HistoryRoot,
  policy: HistoryPolicy,
  now: Date,
  readChunk: (file: string) => Array<{ at: string }>,
): HistoryRoot {
  const cutoff = now.getTime() - policy.hours * 3600 * 1000;
  const old = (at: string) => Date.parse(at) < cutoff;
  const chunks = [...history.chunks];
  let skip = history.skip;
  const after = (position: number) =>
    chunks.slice(position + 1).reduce((sum, chunk) => sum + chunk.entries, 0) + history.recent.length;
  while (chunks[0] !== undefined && old(chunks[0].until) && after(0) >= policy.count) {
    chunks.shift();
    skip = 0;
  }
  const first = chunks[0];
  if (first === undefined) {
    const recent = [...history.recent];
    while (recent.length > Math.max(policy.count, 1) && old((recent[0] as HistoryEntry).at)) recent.shift();
    return { chunks, skip: 0, recent };
  }
  const entries = readChunk(first.file);
  const keptByCount = Math.max(policy.count - after(0), 0);
  while (skip < entries.length - keptByCount && old((entries[skip] as HistoryEntry).at)) skip++;
  return { chunks, skip, recent: history.recent };
}

/** The history of snapshot `current`, following `base` (none: the first build), with the bodies it adds. `readBody`
 *  reads a pool body of the base's history (a delta to freeze, a chunk to prune). */
export function nextHistory(
  base: HistoryBase | undefined,
  current: { id: string; builtAt: string },
  delta: HistoryDelta | undefined,
  options: { policy?: HistoryPolicy | undefined; readBody: (file: string) => string },
): { history: HistoryRoot; bodies: HistoryBody[] } {
  const bodies: HistoryBody[] = [];
  const entry: HistoryEntry = {
    id: current.id,
    at: current.builtAt,
    delta: base === undefined || delta === undefined ? null : stored(JSON.stringify(delta), bodies),
  };
  const earlier: HistoryRoot =
    base === undefined
      ? { chunks: [], skip: 0, recent: [] }
      : (base.history ?? { chunks: [], skip: 0, recent: [{ id: base.id, at: base.builtAt, delta: null }] });
  let chunks = earlier.chunks;
  let recent = [...earlier.recent, entry];
  if (recent.length >= 2 * HISTORY_CHUNK) {
    const frozen = recent.slice(0, HISTORY_CHUNK).map(({ id, at, delta: file }) => ({
      id,
      at,
      delta: file === null ? null : parseHistoryDelta(JSON.parse(options.readBody(file)), file),
    }));
    const file = stored(JSON.stringify({ history: frozen }), bodies);
    chunks = [...chunks, { file, entries: frozen.length, until: (frozen.at(-1) as { at: string }).at }];
    recent = recent.slice(HISTORY_CHUNK);
  }
  const history = prune(
    { chunks, skip: earlier.skip, recent },
    options.policy ?? HISTORY_DEFAULTS,
    new Date(current.builtAt),
    (file) => {
      const made = bodies.find((body) => bodyFile(body.hash) === file);
      return parseHistoryChunk(JSON.parse(made ? made.text : options.readBody(file)), file);
    },
  );
  return { history, bodies };
}
