// Refuses, before a follower switches to it, a snapshot the gateway would refuse to load: the index root when it
// arrives, its shards once downloaded (each verified by digest) against the body lists of the manifest.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SNAPSHOT_FORMAT } from '../../contract/snapshot.ts';
import type { SnapshotRoot } from '../../contract/snapshot.ts';
import { parseIndexRoot, parseIndexShard } from '../../contract/parse-snapshot.ts';
import { historyFiles } from '../../contract/history.ts';
import type { BodyList, Manifest } from '../../storage/remote-layout.ts';

/** Refuses, before anything is switched, what the gateway would refuse to load: the root here, its shards once
 *  downloaded (checkShards). */
export function checkIndex(indexBytes: Buffer, manifest: Manifest, bodies: BodyList, where: string): SnapshotRoot {
  const raw = JSON.parse(indexBytes.toString('utf8')) as { format?: unknown };
  if (typeof raw.format === 'number' && raw.format > SNAPSHOT_FORMAT) {
    throw new Error(
      `${where} has snapshot format ${raw.format}, newer than this gateway reads (${SNAPSHOT_FORMAT}): upgrade snapi`,
    );
  }
  const root = parseIndexRoot(raw);
  if (root.id !== manifest.snapshot)
    throw new Error(`${where}: id "${root.id}" differs from the manifest's "${manifest.snapshot}"`);
  root.shards.forEach((shard, position) => {
    if (bodies[shard.file] === undefined)
      throw new Error(`${where}: shards[${position}] is ${shard.file}, which the body lists do not name`);
  });
  for (const file of historyFiles(root.history))
    if (bodies[file] === undefined)
      throw new Error(`${where}: history names ${file}, which the body lists do not name`);
  return root;
}

/** Every entry of every shard (verified by digest on the way in) must name only body files the lists name; the files
 *  they name. */
export async function checkShards(
  staging: string,
  root: SnapshotRoot,
  bodies: BodyList,
  where: string,
): Promise<Set<string>> {
  const named = new Set<string>();
  for (let position = 0; position < root.shards.length; position++) {
    const file = join(staging, root.shards[position]?.file ?? '');
    const shard = parseIndexShard(JSON.parse(await readFile(file, 'utf8')), root, position);
    for (const [key, entry] of Object.entries(shard.entries)) {
      for (const file of [entry.file, entry.gzip?.file, entry.br?.file]) {
        if (file === undefined) continue;
        if (bodies[file] === undefined)
          throw new Error(`${where}: entries["${key}"] names ${file}, which the body lists do not name`);
        named.add(file);
      }
    }
  }
  return named;
}
