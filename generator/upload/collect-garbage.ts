// `--keep N`: keeps the current snapshot and the newest others up to N, deletes the rest and every body (and body list)
// no kept snapshot references.
import { gunzipSync } from 'node:zlib';
import { parseBodyList, parseManifest, remoteKey, sha256Hex } from '../../storage/remote-layout.ts';
import type { ObjectDigest } from '../../storage/remote-layout.ts';
import { deleteObjects, getObject, listObjects } from '../../storage/store-objects.ts';
import type { ListedObject, Store } from '../../storage/store-objects.ts';
import type { S3Location } from '../../storage/s3-location.ts';
import { mapLimit } from '../../storage/map-limit.ts';

const LIST_CONCURRENCY = 16;

export interface GarbageOutcome {
  keptSnapshots: string[];
  deletedSnapshots: string[];
  deletedObjects: number;
}

interface RemoteSnapshot {
  id: string;
  objects: ListedObject[];
  /** When its manifest was written; undefined for an upload that stopped before its manifest. */
  uploadedAt: number | undefined;
}

async function listSnapshots(store: Store, location: S3Location): Promise<RemoteSnapshot[]> {
  const root = remoteKey.snapshotsDir(location.prefix);
  const byId = new Map<string, RemoteSnapshot>();
  for (const object of (await listObjects(store, root)).objects) {
    const id = object.key.slice(root.length).split('/')[0] ?? '';
    const snapshot = byId.get(id) ?? { id, objects: [], uploadedAt: undefined };
    snapshot.objects.push(object);
    if (object.key === remoteKey.manifest(location.prefix, id)) snapshot.uploadedAt = object.lastModified;
    byId.set(id, snapshot);
  }
  return [...byId.values()];
}

/** Newest first; snapshots without a manifest are incomplete and never kept (except the current one, which has one). */
function chooseKept(snapshots: RemoteSnapshot[], current: string, keep: number): Set<string> {
  const complete = snapshots.filter((snapshot) => snapshot.uploadedAt !== undefined && snapshot.id !== current);
  complete.sort((a, b) => (b.uploadedAt ?? 0) - (a.uploadedAt ?? 0) || (a.id < b.id ? 1 : -1));
  return new Set([current, ...complete.slice(0, Math.max(0, keep - 1)).map((snapshot) => snapshot.id)]);
}

/** A gzip JSON object, checked against its digest when one is known. Deleting on the strength of an unreadable or
 *  altered list could remove bodies a kept snapshot needs: any problem stops the collection before it deletes. */
async function readGzipJson(store: Store, key: string, expected?: ObjectDigest): Promise<unknown> {
  const fetched = await getObject(store, key);
  if (fetched.kind !== 'found') throw new Error(`cannot read ${key}; nothing was deleted`);
  if (expected !== undefined && sha256Hex(fetched.bytes) !== expected.sha256)
    throw new Error(`${key} does not match its digest; nothing was deleted`);
  return JSON.parse(gunzipSync(fetched.bytes).toString('utf8'));
}

/** Keys of every body and body list the given snapshots reference. */
export async function referencedKeys(store: Store, location: S3Location, ids: Iterable<string>): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const id of ids) {
    const manifestKey = remoteKey.manifest(location.prefix, id);
    const manifest = parseManifest(await readGzipJson(store, manifestKey), manifestKey);
    const lists = manifest.bodyLists.filter((list) => !keys.has(remoteKey.bodyList(location.prefix, list.sha256)));
    for (const list of lists) keys.add(remoteKey.bodyList(location.prefix, list.sha256));
    // Read side by side: an upload reads the current snapshot's lists on every run.
    await mapLimit(lists, LIST_CONCURRENCY, async (list) => {
      const listKey = remoteKey.bodyList(location.prefix, list.sha256);
      for (const [file, digest] of Object.entries(parseBodyList(await readGzipJson(store, listKey, list), listKey))) {
        keys.add(remoteKey.body(location.prefix, file, digest.sha256));
      }
    });
  }
  return keys;
}

export async function collectGarbage(
  store: Store,
  location: S3Location,
  current: string,
  keep: number,
): Promise<GarbageOutcome> {
  const snapshots = await listSnapshots(store, location);
  const kept = chooseKept(snapshots, current, keep);
  const referenced = await referencedKeys(store, location, kept);
  const dropped = snapshots.filter((snapshot) => !kept.has(snapshot.id));
  const unreferenced = async (folder: string) =>
    (await listObjects(store, folder)).objects.filter((object) => !referenced.has(object.key));
  const bodies = [
    ...(await unreferenced(remoteKey.bodiesDir(location.prefix))),
    ...(await unreferenced(remoteKey.listsDir(location.prefix))),
  ];
  // Snapshots before bodies: a dropped snapshot is never left pointing at deleted bodies while still listed.
  const snapshotKeys = dropped.flatMap((snapshot) => snapshot.objects.map((object) => object.key));
  await deleteObjects(store, snapshotKeys);
  await deleteObjects(
    store,
    bodies.map((object) => object.key),
  );
  return {
    keptSnapshots: [...kept],
    deletedSnapshots: dropped.map((snapshot) => snapshot.id).sort(),
    deletedObjects: snapshotKeys.length + bodies.length,
  };
}
