// `--keep N`: keeps the current snapshot and the newest others up to N, deletes the rest and every body (and body list)
// no kept snapshot needs.
import { remoteKey } from '../../storage/remote-layout.ts';
import { deleteObjects, listObjects } from '../../storage/store-objects.ts';
import type { ListedObject, Store } from '../../storage/store-objects.ts';
import type { S3Location } from '../../storage/s3-location.ts';
import { neededKeys } from './needed-keys.ts';

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

/** Keys of every body and body list the given snapshots need. Deleting on the strength of an unreadable or altered
 *  manifest, list or index could remove bodies a kept snapshot needs: any problem stops the collection first. */
export async function referencedKeys(store: Store, location: S3Location, ids: Iterable<string>): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const id of ids) {
    const needed = await neededKeys(store, location, id).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; nothing was deleted`);
    });
    for (const key of needed) keys.add(key);
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
