// Reads index.json (the root) and each shard it names, in chunks, into the compact entries, and checks that every body
// file they name is in the bodies folder. Nothing here holds a whole shard or a tree of all entries at once
// (docs/performance.md: Heap after a snapshot load).
import { opendirSync, readdirSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import type { SnapshotRoot } from '../../contract/snapshot.ts';
import type { CompactEntries } from './compact-entries.ts';
import { createIndexScanner } from './index-scanner.ts';
import { checkShardHeader, parseIndexRoot, parseShardEntry, shardPlace } from '../../contract/parse-snapshot.ts';

const READ_BYTES = 1024 * 1024;
const LIST_BATCH = 4096;

function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** Adds the entries of shard `position` to `entries`; throws on the first problem. */
async function readShard(directory: string, root: SnapshotRoot, position: number, entries: CompactEntries) {
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
  const file = await open(path).catch((error: Error) => {
    throw new Error(`${where}: ${error.message}`, { cause: error });
  });
  let size = 0;
  try {
    const buffer = Buffer.allocUnsafe(READ_BYTES);
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, READ_BYTES);
      if (bytesRead === 0) break;
      size += bytesRead;
      try {
        scanner.push(buffer.subarray(0, bytesRead));
      } catch (error) {
        if (error instanceof SyntaxError) throw new Error(`${path}: ${error.message}`, { cause: error });
        throw error;
      }
    }
  } finally {
    await file.close();
  }
  if (size !== shard.size) throw new Error(`${where}: the root says ${shard.size} bytes, the file has ${size}`);
  checkShardHeader(parseJson(scanner.end(), path), position, of, where);
  if (added !== shard.entries) throw new Error(`${where}: holds ${added} entries, the root says ${shard.entries}`);
}

/** Adds every entry of the snapshot in `directory` to `entries` and returns its root, validated; throws on the first
 *  problem. Shards are read one after another, so at most one shard's batch is in memory. */
export async function readIndex(directory: string, entries: CompactEntries): Promise<SnapshotRoot> {
  const path = join(directory, DIST_LAYOUT.indexFile);
  const root = parseIndexRoot(parseJson(await readFile(path, 'utf8'), path));
  for (let position = 0; position < root.shards.length; position++) await readShard(directory, root, position, entries);
  return root;
}

/** Reads the folder's names in batches rather than listing 200,000 of them at once (a synchronous batch read took half
 *  the CPU time of an async iterator); the full list is only made to name a missing file. */
export async function checkBodyFiles(directory: string, entries: CompactEntries): Promise<void> {
  const folder = join(directory, DIST_LAYOUT.bodiesDir);
  let present = 0;
  const listing = opendirSync(folder, { bufferSize: LIST_BATCH });
  try {
    for (let count = 1, item = listing.readSync(); item !== null; count++, item = listing.readSync()) {
      if (entries.namesBody(item.name)) present++;
      // A reload must not stall the requests being served on the old snapshot.
      if (count % LIST_BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    listing.closeSync();
  }
  if (present === entries.fileCount) return;
  const listed = new Set(readdirSync(folder).map((name) => `${DIST_LAYOUT.bodiesDir}/${name}`));
  for (const file of entries.files()) if (!listed.has(file)) throw new Error(`${file}: no such body file`);
}
