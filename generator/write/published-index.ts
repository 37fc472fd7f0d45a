// The index of the snapshot a resident builder published last, kept in memory: the next page-local build patches its
// entries and rewrites only the shards they are in, instead of reading the whole index back and writing it again
// (docs/decisions.md: A page-local edit patches the last snapshot).
import { poolName } from '../../contract/dist-folder.ts';
import type { IndexEntry, IndexShardFile, SnapshotRoot } from '../../contract/snapshot.ts';
import { indexShardOf } from '../../contract/index-shards.ts';
import { historyFiles } from '../../contract/history.ts';
import type { StagedBody } from './staged-body.ts';

/** A body of the snapshot (a response body or a media file, by its identity file), with how many entries answer with
 *  it. */
export interface NamedBody {
  body: StagedBody;
  uses: number;
}

export interface PublishedIndex {
  /** `index.json` as written. */
  root: SnapshotRoot;
  /** Each shard's entries, in the order written. */
  shardFiles: IndexShardFile[];
  /** `accounts.json` as written. */
  accounts: string;
  /** Identity file (`bodies/<hash>.json`) → the body's files and uses. */
  bodies: Map<string, NamedBody>;
  /** Pool files the snapshot before this one named and this one does not: still in the pool while that snapshot is
   *  kept, removed when the next one is published unless it names them again. Undefined: not known (a full build
   *  sweeps then). */
  dropped: ReadonlySet<string> | undefined;
}

/** The body an entry answers with, as the staging snapshot knew it. */
export function bodyOfEntry(entry: IndexEntry): StagedBody {
  const name = poolName(entry.file);
  return {
    hash: name.slice(0, name.indexOf('.')),
    identity: { file: entry.file, size: entry.size },
    ...(entry.gzip ? { gzip: entry.gzip } : {}),
    ...(entry.br ? { br: entry.br } : {}),
  };
}

export function publishedIndex(
  root: SnapshotRoot,
  shardFiles: IndexShardFile[],
  accounts: string,
  dropped: ReadonlySet<string> | undefined,
): PublishedIndex {
  const bodies = new Map<string, NamedBody>();
  for (const shard of shardFiles)
    for (const key in shard.entries) {
      const entry = shard.entries[key] as IndexEntry;
      const named = bodies.get(entry.file);
      if (named) named.uses++;
      else bodies.set(entry.file, { body: bodyOfEntry(entry), uses: 1 });
    }
  return { root, shardFiles, accounts, bodies, dropped };
}

/** The entry of `key`, undefined where the snapshot has none. */
export function entryOf(index: PublishedIndex, key: string): IndexEntry | undefined {
  return index.shardFiles[indexShardOf(key, index.shardFiles.length)]?.entries[key];
}

/** Every pool file the snapshot names: its bodies' files, its index shards and its history. */
export function namedPoolFiles(index: PublishedIndex): Set<string> {
  const files = new Set<string>();
  for (const { body } of index.bodies.values())
    for (const file of [body.identity, body.gzip, body.br]) if (file) files.add(file.file);
  for (const shard of index.root.shards) files.add(shard.file);
  for (const file of historyFiles(index.root.history)) files.add(file);
  return files;
}
