// What a snapshot in the bucket needs, read from its own index: its lists, and the bodies its index root and shards
// name. Its lists may name more (bodies of earlier snapshots), which garbage collection may delete.
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { historyFiles } from '../../contract/history.ts';
import { parseIndexRoot, parseIndexShard } from '../../contract/parse-snapshot.ts';
import { parseManifest, remoteKey } from '../../storage/remote-layout.ts';
import type { BodyList } from '../../storage/remote-layout.ts';
import type { Store } from '../../storage/store-objects.ts';
import type { S3Location } from '../../storage/s3-location.ts';
import { mapLimit } from '../../storage/map-limit.ts';
import { readObject, readSnapshotLists } from './remote-lists.ts';

const SHARD_CONCURRENCY = 16;

/** Keys of the snapshot's lists and of every body its index names; throws when anything cannot be read or is
 *  altered. */
export async function neededKeys(store: Store, location: S3Location, id: string): Promise<Set<string>> {
  const { prefix } = location;
  const manifestKey = remoteKey.manifest(prefix, id);
  const manifest = parseManifest(JSON.parse((await readObject(store, manifestKey)).text), manifestKey);
  const lists = await readSnapshotLists(store, location, id);
  const digests: BodyList = Object.assign({}, ...lists.map((list) => list.entries));
  const keys = new Set(lists.map((list) => list.key));
  const bodyKey = (file: string) => {
    const digest = digests[file];
    if (digest === undefined) throw new Error(`${manifestKey}: the index names ${file}, which no body list names`);
    const key = remoteKey.body(prefix, file, digest.sha256);
    keys.add(key);
    return { key, digest };
  };
  const rootKey = remoteKey.snapshotFile(prefix, id, DIST_LAYOUT.indexFile);
  const root = parseIndexRoot(JSON.parse((await readObject(store, rootKey, manifest.files['index.json'])).text));
  for (const file of historyFiles(root.history)) bodyKey(file);
  await mapLimit(root.shards, SHARD_CONCURRENCY, async (shard) => {
    const { key, digest } = bodyKey(shard.file);
    const position = root.shards.indexOf(shard);
    const entries = parseIndexShard(JSON.parse((await readObject(store, key, digest, false)).text), root, position);
    for (const entry of Object.values(entries.entries))
      for (const file of [entry.file, entry.gzip?.file, entry.br?.file]) if (file !== undefined) bodyKey(file);
  });
  return keys;
}
