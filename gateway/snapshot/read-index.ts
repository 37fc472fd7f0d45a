// Reads index.json (the root) and makes one lazy shard per shard it names, keeping the shards of the previous snapshot
// whose file is the same. A start only checks each shard file's size; a reload parses the shards it did not keep and
// checks their body files, so a bad one is refused while the snapshot before serves on
// (docs/decisions.md: Index shards are parsed on first use).
import { statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { poolName } from '../../contract/dist-folder.ts';
import { parseIndexRoot, shardPlace } from '../../contract/parse-snapshot.ts';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import type { SnapshotRoot } from '../../contract/snapshot.ts';
import { LazyShard } from './lazy-shard.ts';
import type { ShardPlace } from './lazy-shard.ts';
import { parseJson } from '../../contract/parse-json.ts';

/** Body files stat'ed between two turns of the event loop, so a reload does not stall the requests being served. */
const CHECK_BATCH = 4096;

/** JSON.parse that names the file in its error. */
/** A loaded index: its root and one lazy table per shard, in the root's order. */
export interface ShardedIndex {
  root: SnapshotRoot;
  shards: LazyShard[];
}

/** What a shard's description in the root says; a shard is kept only when all of it is the same. */
const sameShard = (left: SnapshotRoot['shards'][number] | undefined, right: SnapshotRoot['shards'][number]) =>
  left !== undefined && left.file === right.file && left.size === right.size && left.entries === right.entries;

/** The index of the snapshot in `directory`; throws on the first problem. A shard whose file (named by the hash of its
 *  content) is the one `previous` has at the same place, with the same count of shards, is taken over as it is.
 *  With `parseNow` (a reload) the others are parsed here and listed in `parsed`; otherwise (a start) only their sizes
 *  are checked and each is parsed on its first lookup. */
export async function readIndex(
  directory: string,
  place: ShardPlace,
  previous: ShardedIndex | undefined,
  parseNow: boolean,
): Promise<ShardedIndex & { parsed: number[] }> {
  const path = join(directory, DIST_LAYOUT.indexFile);
  const root = parseIndexRoot(parseJson(await readFile(path, 'utf8'), path));
  const count = root.shards.length;
  const reusable = previous !== undefined && previous.root.shards.length === count;
  const parsed: number[] = [];
  const shards = root.shards.map((shard, position) => {
    const kept = previous?.shards[position];
    const same = reusable && kept !== undefined && sameShard(previous.root.shards[position], shard);
    // The same file is in both folders (moved once the load succeeds); one naming files of the old folder is read again.
    if (same && (kept.portable || !kept.parsed)) return kept;
    parsed.push(position);
    return new LazyShard(root, position, place);
  });
  if (parseNow) for (const position of parsed) shards[position]!.check();
  else await checkSizes(directory, root);
  return { root, shards, parsed: parseNow ? parsed : [] };
}

/** Each shard file is there with the size the root gives: what a start checks before it serves. */
async function checkSizes(directory: string, root: SnapshotRoot): Promise<void> {
  await Promise.all(
    root.shards.map(async (shard, position) => {
      const size = await stat(join(directory, shard.file)).then(
        (stats) => stats.size,
        (error: Error) => {
          throw new Error(`${shardPlace(root, position)}: ${error.message}`, { cause: error });
        },
      );
      if (size !== shard.size)
        throw new Error(`${shardPlace(root, position)}: the root says ${shard.size} bytes, the file has ${size}`);
    }),
  );
}

/** Checks that the pool files the given shards name are there, one stat each: pool files are immutable, so the shards
 *  a reload kept were checked before. Returns the number of files checked. */
export async function checkShardFiles(shards: readonly LazyShard[], pool: string, directory: string): Promise<number> {
  const seen = new Set<string>();
  for (const shard of shards) {
    for (const file of shard.files()) {
      if (seen.has(file)) continue;
      seen.add(file);
      const path = file.startsWith('bodies/') ? join(pool, poolName(file)) : join(directory, file);
      if (statSync(path, { throwIfNoEntry: false }) === undefined) throw new Error(`${file}: no such body file`);
      if (seen.size % CHECK_BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return seen.size;
}
