// Reads what a snapshot in the bucket names: its manifest and its body lists, each checked against its digest.
import { gunzipSync } from 'node:zlib';
import { parseBodyList, parseManifest, remoteKey, sha256Hex } from '../../storage/remote-layout.ts';
import type { BodyList, ObjectDigest } from '../../storage/remote-layout.ts';
import { getObject } from '../../storage/store-objects.ts';
import type { Store } from '../../storage/store-objects.ts';
import type { S3Location } from '../../storage/s3-location.ts';
import { mapLimit } from '../../storage/map-limit.ts';

const LIST_CONCURRENCY = 16;

/** One body list in the bucket: its key, the bytes stored and what they name. */
export interface StoredBodyList {
  key: string;
  bytes: Buffer;
  entries: BodyList;
}

/** An object's bytes and text (gunzipped unless `gzipped` is false), checked against its digest when one is known. */
export async function readObject(
  store: Store,
  key: string,
  expected?: ObjectDigest,
  gzipped = true,
): Promise<{ bytes: Buffer; text: string }> {
  const fetched = await getObject(store, key);
  if (fetched.kind !== 'found') throw new Error(`cannot read ${key}`);
  if (
    expected !== undefined &&
    (sha256Hex(fetched.bytes) !== expected.sha256 || fetched.bytes.length !== expected.size)
  )
    throw new Error(`${key} does not match its digest`);
  return { bytes: fetched.bytes, text: (gzipped ? gunzipSync(fetched.bytes) : fetched.bytes).toString('utf8') };
}

/** The snapshot's body lists in the order its manifest names them; throws when any cannot be read or is altered. */
export async function readSnapshotLists(store: Store, location: S3Location, id: string): Promise<StoredBodyList[]> {
  const manifestKey = remoteKey.manifest(location.prefix, id);
  const manifest = parseManifest(JSON.parse((await readObject(store, manifestKey)).text), manifestKey);
  // Read side by side: an upload reads the current snapshot's lists on every run.
  return mapLimit(manifest.bodyLists, LIST_CONCURRENCY, async (digest) => {
    const key = remoteKey.bodyList(location.prefix, digest.sha256);
    const { bytes, text } = await readObject(store, key, digest);
    return { key, bytes, entries: parseBodyList(JSON.parse(text), key) };
  });
}

/** Keys of the lists and of every body they name. */
export function listedKeys(prefix: string, lists: readonly StoredBodyList[]): Set<string> {
  const keys = new Set<string>();
  for (const list of lists) {
    keys.add(list.key);
    for (const [file, digest] of Object.entries(list.entries)) keys.add(remoteKey.body(prefix, file, digest.sha256));
  }
  return keys;
}
