// The last snapshot's index as a cold page-local build patches it: with the bodies its build saved, the root and the
// shards the edit touches only, while the pool is as that build left it; else the whole index, read back and checked
// against a listing of the pool (docs/decisions.md: A cold page build reads what the edit touches).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { poolName } from '../../contract/dist-folder.ts';
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import { indexShardOf } from '../../contract/index-shards.ts';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { namedPoolFiles, type PublishedIndex } from '../write/published-index.ts';
import { readPublishedIndex, readPublishedRoot, readShards } from '../write/read-snapshot-index.ts';
import { loadPublishedBodies } from './published-bodies.ts';

/** Whether the pool holds every file the snapshot names: a lost body is made again by a site build. */
function poolHolds(out: string, index: PublishedIndex): boolean {
  const pool = new Set(readdirSync(join(out, DIST_LAYOUT.bodiesDir)));
  for (const file of namedPoolFiles(index)) if (!pool.has(poolName(file))) return false;
  return true;
}

/** A page as its keys name it: by URL (content, meta, AI files) and by path (its media). */
export interface EditedPageKeys {
  url: string;
  pathWithoutType: string;
}

/** The index of snapshot `snapshot` (the one `current` names) with the site-wide shard and those of the edited pages'
 *  keys read; undefined where it does not read or the pool lost a body: a site build. A shard the patch needs besides
 *  (none today) is read on first use, and throws UnreadShard where it does not read. */
export async function readSavedIndex(
  out: string,
  snapshot: string,
  pages: readonly EditedPageKeys[],
): Promise<PublishedIndex | undefined> {
  const directory = join(out, DIST_LAYOUT.snapshotsDir, snapshot);
  const kept = await loadPublishedBodies(out, snapshot);
  if (kept === undefined) {
    const index = readPublishedIndex(directory);
    return index !== undefined && poolHolds(out, index) ? index : undefined;
  }
  const index = readPublishedRoot(directory, kept.bodies, kept.dropped);
  if (index === undefined) return undefined;
  const count = index.shardFiles.length;
  const shards = [0];
  for (const { url, pathWithoutType } of pages)
    shards.push(
      indexShardOf(keyOf(KEYS.contentLive, url), count),
      indexShardOf(keyOf(KEYS.pageMedia, pathWithoutType), count),
    );
  return readShards(index, shards) ? index : undefined;
}
