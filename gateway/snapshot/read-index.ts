// Reads index.json (the root) and each shard it names, in chunks, into compact entries (one per shard), keeping the
// shards of the previous snapshot whose file is the same, and checks that every body file named is in the bodies
// folder. Nothing here holds a whole shard or a tree of all entries at once (docs/performance.md: Heap after a snapshot
// load).
import { BODY_PREFIX, poolName } from '../../contract/dist-folder.ts';
import { readdirSync, statSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import type { SnapshotRoot } from '../../contract/snapshot.ts';
import { CompactEntries } from './compact-entries.ts';
import type { ShardPlace } from './compact-entries.ts';
import type { BodyNames } from './body-names.ts';
import { createIndexScanner } from './index-scanner.ts';
import { NAME_SEPARATOR } from './pool-listing.ts';
import { checkShardHeader, parseIndexRoot, parseShardEntry, shardPlace } from '../../contract/parse-snapshot.ts';

const READ_BYTES = 1024 * 1024;
/** Shard files read ahead of the one being parsed. */
const READ_AHEAD = 8;
const LIST_BATCH = 4096;

function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** A shard file read whole, and its size on disk (the bytes are only complete when that is the size the root gives). */
interface ShardBytes {
  bytes: Buffer;
  size: number;
}

/** Reads a shard of at most READ_BYTES whole, in one read of the size the root gives plus one byte: a 40,000-page index
 *  has 1,025 shards of about 40 KB, and a 1 MiB buffer per shard cost more in allocation than the reads. */
async function readSmallShard(path: string, declared: number): Promise<ShardBytes> {
  const file = await open(path);
  try {
    const bytes = Buffer.allocUnsafe(declared + 1);
    let size = 0;
    for (;;) {
      const { bytesRead } = await file.read(bytes, size, bytes.length - size);
      if (bytesRead === 0) break;
      size += bytesRead;
      if (size === bytes.length) return { bytes, size: (await file.stat()).size };
    }
    return { bytes: bytes.subarray(0, size), size };
  } finally {
    await file.close();
  }
}

/** Adds the entries of shard `position` to `entries`; throws on the first problem. `prefetched`: its bytes, read
 *  ahead; otherwise it is read in chunks of READ_BYTES. */
async function readShard(
  directory: string,
  root: SnapshotRoot,
  position: number,
  entries: CompactEntries,
  prefetched?: Promise<ShardBytes>,
) {
  const shard = root.shards[position];
  if (shard === undefined) throw new Error(`index.json: no shard ${position}`);
  const where = shardPlace(root, position);
  const path = join(directory, shard.file);
  const of = root.shards.length;
  let added = 0;
  const scanner = createIndexScanner((json) => {
    const batch = parseJson(json, path) as Record<string, unknown>;
    for (const key in batch) {
      entries.add(key, parseShardEntry(batch[key], key, position, of, where));
      added++;
    }
  });
  const push = (chunk: Buffer) => {
    try {
      scanner.push(chunk);
    } catch (error) {
      if (error instanceof SyntaxError) throw new Error(`${path}: ${error.message}`, { cause: error });
      throw error;
    }
  };
  const opened = (error: Error) => {
    throw new Error(`${where}: ${error.message}`, { cause: error });
  };
  let size = 0;
  if (prefetched !== undefined) {
    const read = await prefetched.catch(opened);
    size = read.size;
    if (size === shard.size) push(read.bytes);
  } else {
    const file = await open(path).catch(opened);
    try {
      const buffer = Buffer.allocUnsafe(READ_BYTES);
      for (;;) {
        const { bytesRead } = await file.read(buffer, 0, READ_BYTES);
        if (bytesRead === 0) break;
        size += bytesRead;
        push(buffer.subarray(0, bytesRead));
      }
    } finally {
      await file.close();
    }
  }
  if (size !== shard.size) throw new Error(`${where}: the root says ${shard.size} bytes, the file has ${size}`);
  checkShardHeader(parseJson(scanner.end(), path), position, of, where);
  if (added !== shard.entries) throw new Error(`${where}: holds ${added} entries, the root says ${shard.entries}`);
}

/** A loaded index: its root and one table per shard, in the root's order. */
export interface ShardedIndex {
  root: SnapshotRoot;
  shards: CompactEntries[];
}

/** What a shard's description in the root says; a shard is kept only when all of it is the same. */
const sameShard = (left: SnapshotRoot['shards'][number] | undefined, right: SnapshotRoot['shards'][number]) =>
  left !== undefined && left.file === right.file && left.size === right.size && left.entries === right.entries;

/** The index of the snapshot in `directory`, validated; throws on the first problem. A shard whose file (named by the
 *  hash of its content) is the one `previous` has at the same place, with the same count of shards, is taken from it
 *  as it is; `parsed` lists the places of the others, read one after another. */
export async function readIndex(
  directory: string,
  place: Required<ShardPlace>,
  previous?: ShardedIndex,
): Promise<ShardedIndex & { parsed: number[] }> {
  const path = join(directory, DIST_LAYOUT.indexFile);
  const root = parseIndexRoot(parseJson(await readFile(path, 'utf8'), path));
  const count = root.shards.length;
  const reusable = previous !== undefined && previous.root.shards.length === count;
  const keep = (position: number) => {
    const kept = previous?.shards[position];
    return reusable && kept !== undefined && sameShard(previous.root.shards[position], root.shards[position]!)
      ? kept
      : undefined;
  };
  const parsed = root.shards.flatMap((_, position) => (keep(position) === undefined ? [position] : []));
  // Small shards are read a few ahead, so reading the next hides behind parsing this one.
  const reads = new Map<number, Promise<ShardBytes>>();
  const readAhead = (at: number) => {
    const position = parsed[at];
    const shard = position === undefined ? undefined : root.shards[position];
    if (position === undefined || shard === undefined || shard.size >= READ_BYTES) return;
    const read = readSmallShard(join(directory, shard.file), shard.size);
    read.catch(() => undefined);
    reads.set(position, read);
  };
  for (let at = 0; at < READ_AHEAD; at++) readAhead(at);
  const shards: CompactEntries[] = [];
  for (let position = 0, at = 0; position < count; position++) {
    const kept = keep(position);
    if (kept !== undefined) {
      shards.push(kept);
      continue;
    }
    readAhead(at + READ_AHEAD);
    at++;
    const entries = new CompactEntries(place);
    await readShard(directory, root, position, entries, reads.get(position));
    reads.delete(position);
    shards.push(entries);
  }
  return { root, shards, parsed };
}

/** Checks that the files the given shards name are in the pool, one stat each: for a reload, whose other shards were
 *  checked when first loaded (pool files are immutable). Returns the number of files checked. */
export async function checkShardFiles(shards: readonly CompactEntries[], pool: string): Promise<number> {
  const seen = new Set<string>();
  for (const shard of shards) {
    for (const file of shard.ownFiles()) {
      if (seen.has(file)) continue;
      seen.add(file);
      if (statSync(join(pool, poolName(file)), { throwIfNoEntry: false }) === undefined)
        throw new Error(`${file}: no such body file`);
      if (seen.size % LIST_BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return seen.size;
}

/** Checks the folder's names (listed by `listPool`, batch by batch) against the names the entries give; the full list
 *  is only made to name a missing file. Returns how many files the entries name. */
export async function checkBodyFiles(
  directory: string,
  entries: BodyNames,
  listing: Promise<string[]>,
): Promise<number> {
  let present = 0;
  for (const batch of await listing) {
    for (let start = 0; start < batch.length; ) {
      const separator = batch.indexOf(NAME_SEPARATOR, start);
      const end = separator === -1 ? batch.length : separator;
      if (entries.namesBody(batch, start, end)) present++;
      start = end + 1;
    }
    // A reload must not stall the requests being served on the old snapshot.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const named = entries.fileCount;
  if (present === named) return named;
  const folder = join(directory, DIST_LAYOUT.bodiesDir);
  const listed = new Set(readdirSync(folder).map((name) => `${BODY_PREFIX}${name}`));
  for (const file of entries.files()) if (!listed.has(file)) throw new Error(`${file}: no such body file`);
  return named;
}
