// Makes the pointer's snapshot a complete local snapshot folder: manifest, body lists, files and missing bodies, each
// checked against its digest.
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import type { SnapshotRoot } from '../../contract/snapshot.ts';
import { checkIndex, checkShards } from './check-index.ts';
import { historyFiles } from '../../contract/history.ts';
import { mapLimit } from '../../storage/map-limit.ts';
import {
  REMOTE_LAYOUT,
  SNAPSHOT_FILES,
  parseBodyList,
  parseManifest,
  remoteKey,
  sha256Hex,
} from '../../storage/remote-layout.ts';
import type { BodyList, Manifest, ObjectDigest, Pointer } from '../../storage/remote-layout.ts';
import { downloadObject, getObject, STREAMED_OBJECT_BYTES } from '../../storage/store-objects.ts';
import type { Store } from '../../storage/store-objects.ts';
import { POOL_DIR, exists, linkFromPool, snapshotFolder, stagingFolder } from './cache-folder.ts';

const DOWNLOAD_CONCURRENCY = 8;

/** An object whose bytes are not what the manifest promised: counted by the follower's metrics. */
export class DigestMismatchError extends Error {}

export interface SyncRequest {
  store: Store;
  prefix: string;
  cacheDir: string;
  pointer: Pointer;
}

export interface SyncOutcome {
  snapshot: string;
  downloadedObjects: number;
  downloadedBytes: number;
  reusedObjects: number;
}

/** Downloads one object and checks it is exactly what the manifest (or pointer) promised. */
async function fetchVerified(store: Store, key: string, expected: ObjectDigest | { sha256: string }): Promise<Buffer> {
  const fetched = await getObject(store, key);
  if (fetched.kind !== 'found') throw new Error(`s3://${store.bucket}/${key} is missing`);
  const { bytes } = fetched;
  if (('size' in expected && bytes.length !== expected.size) || sha256Hex(bytes) !== expected.sha256) {
    throw new DigestMismatchError(`s3://${store.bucket}/${key} does not match its digest (corrupt or partly written)`);
  }
  return bytes;
}

function parseGzipJson(bytes: Buffer, where: string): unknown {
  try {
    return JSON.parse(gunzipSync(bytes).toString('utf8'));
  } catch (error) {
    throw new Error(`${where}: not gzip-compressed JSON (${(error as Error).message})`, { cause: error });
  }
}

/** A large object (media) goes to a temporary file as it arrives and is renamed into the pool only once verified. */
async function downloadVerifiedToPool(
  store: Store,
  key: string,
  expected: ObjectDigest,
  poolPath: string,
): Promise<void> {
  const temporary = `${poolPath.slice(0, poolPath.lastIndexOf('/'))}/.${process.pid}-${expected.sha256.slice(0, 8)}-${Math.random().toString(36).slice(2)}`;
  try {
    const received = await downloadObject(store, key, temporary);
    if (received === 'not-found') throw new Error(`s3://${store.bucket}/${key} is missing`);
    if (received.size !== expected.size || received.sha256 !== expected.sha256) {
      throw new DigestMismatchError(
        `s3://${store.bucket}/${key} does not match its digest (corrupt or partly written)`,
      );
    }
    await rename(temporary, poolPath);
  } finally {
    await rm(temporary, { force: true });
  }
}

async function writeVerifiedToPool(poolPath: string, bytes: Buffer): Promise<void> {
  // Written beside its final name and renamed: a pool file is always complete and verified.
  const temporary = `${poolPath.slice(0, poolPath.lastIndexOf('/'))}/.${process.pid}-${sha256Hex(bytes).slice(0, 8)}-${Math.random().toString(36).slice(2)}`;
  await writeFile(temporary, bytes);
  await rename(temporary, poolPath);
}

type Counts = Omit<SyncOutcome, 'snapshot'>;

/** Puts one verified object at `destination` (inside the staging folder): linked from the pool, or downloaded into it.
 *  */
async function placeObject(
  request: SyncRequest,
  key: string,
  digest: ObjectDigest,
  destination: string,
  counts: Counts,
): Promise<void> {
  const poolPath = join(request.cacheDir, POOL_DIR, key.slice(key.lastIndexOf('/') + 1));
  const pooled = await stat(poolPath).catch(() => undefined);
  if (pooled !== undefined && pooled.size === digest.size && (await linkFromPool(poolPath, destination))) {
    counts.reusedObjects += 1;
    return;
  }
  if (digest.size > STREAMED_OBJECT_BYTES) await downloadVerifiedToPool(request.store, key, digest, poolPath);
  else await writeVerifiedToPool(poolPath, await fetchVerified(request.store, key, digest));
  if (!(await linkFromPool(poolPath, destination))) throw new Error(`${poolPath} vanished while linking`);
  counts.downloadedObjects += 1;
  counts.downloadedBytes += digest.size;
}

/** The body lists, kept in the staging folder too: unchanged lists are then reused like bodies. Read in the
 *  manifest's order, a later list's digest winning for a name in two. */
async function readBodyLists(
  request: SyncRequest,
  manifest: Manifest,
  staging: string,
  counts: Counts,
): Promise<BodyList> {
  const lists = await mapLimit(manifest.bodyLists, DOWNLOAD_CONCURRENCY, async (digest) => {
    const key = remoteKey.bodyList(request.prefix, digest.sha256);
    const destination = join(staging, REMOTE_LAYOUT.listsDir, `${digest.sha256}.json.gz`);
    await placeObject(request, key, digest, destination, counts);
    return parseBodyList(parseGzipJson(await readFile(destination), key), `s3://${request.store.bucket}/${key}`);
  });
  return Object.assign({}, ...lists) as BodyList;
}

/** Places the named files; the lists may name more (bodies of earlier snapshots), which are left in the bucket. */
async function placeBodies(
  request: SyncRequest,
  bodies: BodyList,
  files: Iterable<string>,
  staging: string,
  counts: Counts,
): Promise<void> {
  await mapLimit([...files], DOWNLOAD_CONCURRENCY, (file) => {
    const digest = bodies[file] as ObjectDigest;
    return placeObject(
      request,
      remoteKey.body(request.prefix, file, digest.sha256),
      digest,
      join(staging, file),
      counts,
    );
  });
}

/** Leaves `snapshots/<id>/` complete in the cache (or throws and leaves nothing half-made); does not switch `current`.
 *  */
export async function syncSnapshot(request: SyncRequest): Promise<SyncOutcome> {
  const { store, prefix, cacheDir, pointer } = request;
  const id = pointer.snapshot;
  const target = snapshotFolder(cacheDir, id);
  // A snapshot folder appears by rename only when complete, so one that exists needs nothing.
  if (await exists(join(target, DIST_LAYOUT.indexFile)))
    return { snapshot: id, downloadedObjects: 0, downloadedBytes: 0, reusedObjects: 0 };
  const manifestKey = remoteKey.manifest(prefix, id);
  const manifestBytes = await fetchVerified(store, manifestKey, { sha256: pointer.manifestSha256 });
  const manifest = parseManifest(parseGzipJson(manifestBytes, manifestKey), `s3://${store.bucket}/${manifestKey}`);
  if (manifest.snapshot !== id)
    throw new Error(`s3://${store.bucket}/${manifestKey} describes snapshot "${manifest.snapshot}", not "${id}"`);

  const staging = stagingFolder(cacheDir, id);
  const counts: Counts = { downloadedObjects: 1, downloadedBytes: manifestBytes.length, reusedObjects: 0 };
  try {
    await mkdir(join(staging, DIST_LAYOUT.bodiesDir), { recursive: true });
    await mkdir(join(staging, REMOTE_LAYOUT.listsDir), { recursive: true });
    await mkdir(join(cacheDir, POOL_DIR), { recursive: true });
    const bodies = await readBodyLists(request, manifest, staging, counts);
    let root: SnapshotRoot | undefined;
    for (const { name, mode } of SNAPSHOT_FILES) {
      const digest = manifest.files[name];
      if (digest === undefined) continue;
      const key = remoteKey.snapshotFile(prefix, id, name);
      const bytes = await fetchVerified(store, key, digest);
      counts.downloadedObjects += 1;
      counts.downloadedBytes += bytes.length;
      const plain = gunzipSync(bytes);
      if (name === DIST_LAYOUT.indexFile) root = checkIndex(plain, manifest, bodies, `s3://${store.bucket}/${key}`);
      await writeFile(join(staging, name), plain, { mode });
      await chmod(join(staging, name), mode);
    }
    if (root === undefined) throw new Error(`s3://${store.bucket}/${manifestKey}: names no ${DIST_LAYOUT.indexFile}`);
    // The index's own bodies first: its shards name every other body the snapshot needs.
    const indexFiles = new Set([...root.shards.map((shard) => shard.file), ...historyFiles(root.history)]);
    await placeBodies(request, bodies, indexFiles, staging, counts);
    const named = await checkShards(
      staging,
      root,
      bodies,
      `s3://${store.bucket}/${remoteKey.snapshotFile(prefix, id, 'index.json')}`,
    );
    await placeBodies(
      request,
      bodies,
      [...named].filter((file) => !indexFiles.has(file)),
      staging,
      counts,
    );
    await rename(staging, target);
    return { snapshot: id, ...counts };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
