// Reads a served snapshot's change history on demand: the entries between two kept snapshots and their deltas, from
// the pool bodies the root names. Chunks and deltas never change under their name, so parsed ones are kept (bounded).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseHistoryChunk, parseHistoryDelta } from '../../contract/history.ts';
import type { FrozenEntry, HistoryDelta } from '../../contract/history.ts';
import type { HistoryRoot } from '../../contract/snapshot.ts';

/** Parsed chunk and delta bodies kept across requests and snapshots (a 40,000-page site's deltas are a few KB). */
const KEPT_BODIES = 4096;
const kept = new Map<string, Promise<unknown>>();

function readKept<T>(path: string, parse: (value: unknown, where: string) => T): Promise<T> {
  const known = kept.get(path) as Promise<T> | undefined;
  if (known !== undefined) return known;
  const reading = readFile(path, 'utf8').then((text) => parse(JSON.parse(text), path));
  reading.catch(() => kept.delete(path));
  if (kept.size >= KEPT_BODIES) kept.delete(kept.keys().next().value as string);
  kept.set(path, reading);
  return reading;
}

/** Reads the inline entries' deltas into the kept bodies, one at a time, after a load: the first feed answer after a
 *  start or a swap then reads and parses none of them on the request path. The chunks (entries older than the newest
 *  32 to 63) stay read on demand, so memory does not grow with the kept history. */
export async function warmRecentDeltas(directory: string, history: HistoryRoot): Promise<void> {
  for (const entry of history.recent) {
    if (entry.delta !== null) await readKept(join(directory, entry.delta), parseHistoryDelta).catch(() => undefined);
  }
}

/** Starts warmRecentDeltas after the current turn of the event loop, so the swap and the requests waiting on it go
 *  first. */
export function warmHistory(snapshot: { directory: string; history?: HistoryRoot | undefined }): void {
  const { history } = snapshot;
  if (history !== undefined) setImmediate(() => void warmRecentDeltas(snapshot.directory, history));
}

/** Forgets every parsed body, as a fresh start has none (for the benchmark's first answer). */
export function forgetKeptBodies(): void {
  kept.clear();
}

/** One kept snapshot as the feed and the webhooks use it: its delta against the entry before it. */
export interface KeptSnapshot {
  id: string;
  at: string;
  previous: string | undefined;
  delta: () => Promise<HistoryDelta | null>;
}

/** Every kept snapshot, oldest first (chunks are read here; deltas only when asked for). */
export async function keptSnapshots(directory: string, history: HistoryRoot): Promise<KeptSnapshot[]> {
  const frozen: FrozenEntry[] = [];
  for (const [position, chunk] of history.chunks.entries()) {
    const entries = await readKept(join(directory, chunk.file), parseHistoryChunk);
    frozen.push(...(position === 0 ? entries.slice(history.skip) : entries));
  }
  const all = [
    ...frozen.map((entry) => ({ id: entry.id, at: entry.at, delta: () => Promise.resolve(entry.delta) })),
    ...history.recent.map((entry) => ({
      id: entry.id,
      at: entry.at,
      delta: () =>
        entry.delta === null ? Promise.resolve(null) : readKept(join(directory, entry.delta), parseHistoryDelta),
    })),
  ];
  return all.map((entry, position) => ({ ...entry, previous: all[position - 1]?.id }));
}

/** The deltas leading from `since` to `until` (both kept, `since` first), or undefined when either is not kept or a
 *  delta is missing (the history began there). */
export async function deltasBetween(
  directory: string,
  history: HistoryRoot,
  since: string,
  until: string,
): Promise<HistoryDelta[] | undefined> {
  // The newest entries are inline: most followers are a few snapshots behind and need no chunk read.
  const inline = history.recent.findIndex((entry) => entry.id === since);
  const snapshots =
    inline >= 0
      ? (await keptSnapshots(directory, { chunks: [], skip: 0, recent: history.recent })).slice(inline)
      : await keptSnapshots(directory, history);
  const start = snapshots.findIndex((entry) => entry.id === since);
  const end = snapshots.findIndex((entry) => entry.id === until);
  if (start < 0 || end < start) return undefined;
  const deltas = await Promise.all(snapshots.slice(start + 1, end + 1).map((entry) => entry.delta()));
  return deltas.every((delta) => delta !== null) ? (deltas as HistoryDelta[]) : undefined;
}
