// Reads a published snapshot's whole index, its root and every shard, as one value: the one reader of "all entries of
// a snapshot" for the change report, the staging's reuse of bodies, the upload and the tests. Only the format this snapi
// writes reads: a dist of an older one is rebuilt (docs/deployment.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseIndexRoot, parseIndexShard } from '../../contract/parse-snapshot.ts';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import type { IndexEntry, IndexShard, IndexShardFile, SnapshotIndex, SnapshotRoot } from '../../contract/snapshot.ts';
import { splitEntries } from '../../contract/index-shards.ts';
import { historyFiles } from '../../contract/history.ts';
import { publishedIndex, type PublishedIndex } from './published-index.ts';
import { parseJson } from '../../contract/parse-json.ts';

/** The whole index, plus the shards the root names. */
export interface SnapshotContents {
  index: SnapshotIndex;
  shards: IndexShard[];
}

/** A snapshot file's JSON; a parse failure names the file. */
function readJson(path: string): unknown {
  return parseJson(readFileSync(path, 'utf8'), path);
}

/** The index of the snapshot folder `directory`; throws naming the file when one is missing or invalid. */
export function readSnapshotIndex(directory: string): SnapshotContents {
  const path = join(directory, DIST_LAYOUT.indexFile);
  const raw = readJson(path);
  let root: ReturnType<typeof parseIndexRoot>;
  try {
    root = parseIndexRoot(raw);
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`, { cause: error });
  }
  const entries: Record<string, IndexEntry> = {};
  root.shards.forEach((shard, position) => {
    const file = join(directory, shard.file);
    let parsed: ReturnType<typeof parseIndexShard>;
    try {
      parsed = parseIndexShard(readJson(file), root, position);
    } catch (error) {
      throw new Error(`${directory}: ${(error as Error).message}`, { cause: error });
    }
    Object.assign(entries, parsed.entries);
  });
  const { shards, ...header } = root;
  return { index: { ...header, entries }, shards };
}

/** Every body file the index names (entries and their variants, then the shards), each once. */
export function namedFiles(contents: SnapshotContents): Set<string> {
  const files = new Set<string>();
  for (const entry of Object.values(contents.index.entries)) {
    files.add(entry.file);
    if (entry.gzip !== undefined) files.add(entry.gzip.file);
    if (entry.br !== undefined) files.add(entry.br.file);
  }
  for (const shard of contents.shards) files.add(shard.file);
  for (const file of historyFiles(contents.index.history)) files.add(file);
  return files;
}

/** A snapshot's index as a page-local build patches it (published-index.ts); which pool files the snapshot before it
 *  alone named is not known, so the patch sweeps the pool whole. Undefined where it does not read: a site build then. */
export function readPublishedIndex(directory: string): PublishedIndex | undefined {
  try {
    const { index, shards } = readSnapshotIndex(directory);
    const { entries, ...header } = index;
    const accounts = readFileSync(join(directory, DIST_LAYOUT.accountsFile), 'utf8');
    return publishedIndex({ ...header, shards }, splitEntries(entries, shards.length), accounts, undefined);
  } catch {
    return undefined;
  }
}

/** A shard of an index read on demand that does not read: thrown on first use of its entries. */
export class UnreadShard extends Error {}

/** A shard read and checked on first use of its entries: a page-local build reads those its edit touches. */
function shardOnDemand(directory: string, root: SnapshotRoot, position: number): IndexShardFile {
  const shard = { shard: position, of: root.shards.length } as IndexShardFile;
  const read = () => {
    const file = join(directory, (root.shards[position] as IndexShard).file);
    let entries: Record<string, IndexEntry>;
    try {
      entries = parseIndexShard(readJson(file), root, position).entries;
    } catch (error) {
      throw new UnreadShard(`${directory}: ${(error as Error).message}`, { cause: error });
    }
    // Defined again in place: the key keeps its place, so the shard writes as it reads.
    Object.defineProperty(shard, 'entries', { value: entries, enumerable: true, writable: true, configurable: true });
    return entries;
  };
  Object.defineProperty(shard, 'entries', { get: read, enumerable: true, configurable: true });
  return shard;
}

/** The snapshot's index with the bodies and drops its build saved (published-bodies.ts), each shard read on first use
 *  (docs/decisions.md: A cold page build reads what the edit touches); undefined where the root does not read. A shard
 *  that does not read throws UnreadShard on use: read the ones a build needs first (readShards). */
export function readPublishedRoot(
  directory: string,
  bodies: PublishedIndex['bodies'],
  dropped: ReadonlySet<string>,
): PublishedIndex | undefined {
  try {
    const { shards, ...header } = parseIndexRoot(readJson(join(directory, DIST_LAYOUT.indexFile)));
    const root: SnapshotRoot = { ...header, shards };
    const accounts = readFileSync(join(directory, DIST_LAYOUT.accountsFile), 'utf8');
    const shardFiles = shards.map((_, position) => shardOnDemand(directory, root, position));
    return { root, shardFiles, accounts, bodies, dropped };
  } catch {
    return undefined;
  }
}

/** Reads the shards at `positions` of an index read on demand; false where one does not read. */
export function readShards(index: PublishedIndex, positions: Iterable<number>): boolean {
  try {
    for (const position of positions) if (index.shardFiles[position]?.entries === undefined) return false;
    return true;
  } catch {
    return false;
  }
}
