// The pure part of a page-local publish: the last snapshot's shards with some entries replaced, which bodies gain or
// lose an entry, and what the pool holds afterwards (docs/decisions.md: A page-local edit patches the last snapshot).
import { historyFiles } from '../../contract/history.ts';
import { indexShardOf } from '../../contract/index-shards.ts';
import type { IndexEntry, IndexShard, IndexShardFile, Restriction, SnapshotRoot } from '../../contract/snapshot.ts';
import { changesBetween } from './changes.ts';
import { deltaOf } from './history-writer.ts';
import { bodyOfEntry, type PublishedIndex } from './published-index.ts';
import type { BodyUse } from './snapshot-staging.ts';
import { indexEntryOf, type StagedBody } from './staged-body.ts';

/** A response whose body replaces its key's body in the last snapshot. */
export interface PatchedResponse {
  key: string;
  body: string;
  hash: string;
  use: BodyUse;
  restriction?: Restriction;
}

/** A body whose count of entries answering with it changes by `change`. */
export interface UseChange {
  body: StagedBody;
  change: number;
}

export interface EntryPatch {
  /** The base's shard files, those holding a changed entry copied and changed. */
  shardFiles: IndexShardFile[];
  /** The changed entries before and after, by key. */
  before: Record<string, IndexEntry>;
  after: Record<string, IndexEntry>;
  /** Identity file → the change in its uses. */
  uses: Map<string, UseChange>;
}

/** The files of a body: identity, then the compressed copies it has. */
export function filesOf(body: StagedBody): string[] {
  return [body.identity, body.gzip, body.br].flatMap((file) => (file ? [file.file] : []));
}

const sameEntry = (left: IndexEntry, right: IndexEntry) => JSON.stringify(left) === JSON.stringify(right);

/** `responses[n]` answering with `bodies[n]` in place of its key's entry in `base` (every key is in it). */
export function patchEntries(
  base: PublishedIndex,
  responses: ReadonlyArray<{ key: string; restriction?: Restriction }>,
  bodies: readonly StagedBody[],
): EntryPatch {
  const count = base.shardFiles.length;
  const patch: EntryPatch = { shardFiles: [...base.shardFiles], before: {}, after: {}, uses: new Map() };
  const use = (body: StagedBody, change: number) => {
    const known = patch.uses.get(body.identity.file);
    if (known) known.change += change;
    else patch.uses.set(body.identity.file, { body, change });
  };
  responses.forEach((response, position) => {
    const body = bodies[position] as StagedBody;
    const shard = indexShardOf(response.key, count);
    const old = (patch.shardFiles[shard] as IndexShardFile).entries[response.key] as IndexEntry;
    const entry = indexEntryOf(body, response.restriction);
    if (sameEntry(old, entry)) return;
    if (patch.shardFiles[shard] === base.shardFiles[shard]) {
      const kept = base.shardFiles[shard] as IndexShardFile;
      patch.shardFiles[shard] = { ...kept, entries: { ...kept.entries } };
    }
    (patch.shardFiles[shard] as IndexShardFile).entries[response.key] = entry;
    patch.before[response.key] = old;
    patch.after[response.key] = entry;
    const oldBody = base.bodies.get(old.file)?.body;
    if (oldBody) use(oldBody, -1);
    use(body, 1);
  });
  return patch;
}

/** The snapshot's identity bytes after the patch: bodies no entry answered with count once they are, and the reverse. */
export function bytesAfter(base: PublishedIndex, uses: ReadonlyMap<string, UseChange>): number {
  let bytes = base.root.counts.bytes;
  for (const [file, { body, change }] of uses) {
    const before = base.bodies.get(file)?.uses ?? 0;
    if (before === 0 && change > 0) bytes += body.identity.size;
    if (before > 0 && before + change === 0) bytes -= body.identity.size;
  }
  return bytes;
}

/** Makes `base` the index of the patched snapshot, now current (root, shards, bodies' uses, what it dropped), and
 *  returns the pool files to remove: those the snapshot before `base` alone named, unless named again. */
export function advanceIndex(base: PublishedIndex, patch: EntryPatch, root: SnapshotRoot): string[] {
  const dropped = new Set<string>();
  for (const [file, { body, change }] of patch.uses) {
    const named = base.bodies.get(file);
    const uses = (named?.uses ?? 0) + change;
    if (uses > 0) base.bodies.set(file, { body: named?.body ?? body, uses });
    else if (named) {
      base.bodies.delete(file);
      for (const gone of filesOf(named.body)) dropped.add(gone);
    }
  }
  base.root.shards.forEach((shard, position) => {
    if (root.shards[position]?.file !== shard.file) dropped.add(shard.file);
  });
  const namedAgain = new Set(Object.values(patch.after).flatMap((entry) => filesOf(bodyOfEntry(entry))));
  for (const shard of root.shards) namedAgain.add(shard.file);
  // Deltas frozen into a chunk and pruned chunks: removed with the next publish, like the bodies it dropped.
  const historyNow = new Set(historyFiles(root.history));
  for (const file of historyFiles(base.root.history)) if (!historyNow.has(file)) dropped.add(file);
  for (const file of historyNow) namedAgain.add(file);
  const removed = [...(base.dropped ?? [])].filter((file) => !namedAgain.has(file));
  for (const file of namedAgain) dropped.delete(file);
  base.root = root;
  base.shardFiles = patch.shardFiles;
  base.dropped = dropped;
  return removed;
}

/** The patched snapshot's root (history still to add) and its change report, covering the replaced keys only. */
export function patchedRoot(base: PublishedIndex, patch: EntryPatch, id: string, builtAt: Date, shards: IndexShard[]) {
  const counts = { ...base.root.counts, bytes: bytesAfter(base, patch.uses) };
  const root: SnapshotRoot = { ...base.root, id, builtAt: builtAt.toISOString(), counts, shards };
  const unchanged = { restrictedSlugs: {}, userRecords: {} };
  const delta = deltaOf(
    base.root.id,
    id,
    { entries: patch.before, ...unchanged },
    { entries: patch.after, ...unchanged },
  );
  const { shards: _shards, ...header } = root;
  const { shards: _baseShards, ...baseHeader } = base.root;
  const changes = changesBetween(
    { ...baseHeader, entries: patch.before, restrictedSlugs: {} },
    { ...header, entries: patch.after, restrictedSlugs: {} },
  );
  return { root, delta, changes };
}
