// Makes the pointer's snapshot a complete local snapshot folder: manifest, files and missing bodies, each checked against its digest.
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DIST_LAYOUT, SNAPSHOT_FORMAT } from '../contract.ts';
import { parseIndexHeader } from '../parse-snapshot.ts';
import { mapLimit } from './map-limit.ts';
import { SNAPSHOT_FILES, parseManifest, remoteKey, sha256Hex } from './remote-layout.ts';
import type { Manifest, ObjectDigest, Pointer } from './remote-layout.ts';
import { getObject } from './store-objects.ts';
import type { Store } from './store-objects.ts';
import { POOL_DIR, exists, linkFromPool, snapshotFolder, stagingFolder } from './cache-folder.ts';

const DOWNLOAD_CONCURRENCY = 8;

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
    throw new Error(`s3://${store.bucket}/${key} does not match its digest (corrupt or partly written)`);
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

/** Refuses, before anything is switched, what the gateway would refuse to load. */
function checkIndex(indexBytes: Buffer, manifest: Manifest, where: string): void {
  const raw = JSON.parse(indexBytes.toString('utf8')) as { format?: unknown };
  if (typeof raw.format === 'number' && raw.format > SNAPSHOT_FORMAT) {
    throw new Error(`${where} has snapshot format ${raw.format}, newer than this gateway reads (${SNAPSHOT_FORMAT}): upgrade snapi`);
  }
  const header = parseIndexHeader(raw);
  if (header.id !== manifest.snapshot) throw new Error(`${where}: id "${header.id}" differs from the manifest's "${manifest.snapshot}"`);
  for (const [key, value] of Object.entries(header.entries)) {
    const entry = value as { file?: unknown; gzip?: { file?: unknown }; br?: { file?: unknown } };
    for (const file of [entry.file, entry.gzip?.file, entry.br?.file]) {
      if (file !== undefined && (typeof file !== 'string' || manifest.bodies[file] === undefined)) {
        throw new Error(`${where}: entries["${key}"] names ${String(file)}, which the manifest does not list`);
      }
    }
  }
}

async function writeVerifiedToPool(poolPath: string, bytes: Buffer): Promise<void> {
  // Written beside its final name and renamed: a pool file is always complete and verified.
  const temporary = `${poolPath.slice(0, poolPath.lastIndexOf('/'))}/.${process.pid}-${sha256Hex(bytes).slice(0, 8)}-${Math.random().toString(36).slice(2)}`;
  await writeFile(temporary, bytes);
  await rename(temporary, poolPath);
}

async function downloadBodies(request: SyncRequest, manifest: Manifest, staging: string): Promise<Omit<SyncOutcome, 'snapshot'>> {
  const pool = join(request.cacheDir, POOL_DIR);
  await mkdir(pool, { recursive: true });
  const outcome = { downloadedObjects: 0, downloadedBytes: 0, reusedObjects: 0 };
  await mapLimit(Object.entries(manifest.bodies), DOWNLOAD_CONCURRENCY, async ([file, digest]) => {
    const key = remoteKey.body(request.prefix, file, digest.sha256);
    const poolPath = join(pool, key.slice(key.lastIndexOf('/') + 1));
    const pooled = await stat(poolPath).catch(() => undefined);
    if (pooled !== undefined && pooled.size === digest.size && (await linkFromPool(poolPath, join(staging, file)))) {
      outcome.reusedObjects += 1;
      return;
    }
    const bytes = await fetchVerified(request.store, key, digest);
    await writeVerifiedToPool(poolPath, bytes);
    if (!(await linkFromPool(poolPath, join(staging, file)))) throw new Error(`${poolPath} vanished while linking`);
    outcome.downloadedObjects += 1;
    outcome.downloadedBytes += bytes.length;
  });
  return outcome;
}

/** Leaves `snapshots/<id>/` complete in the cache (or throws and leaves nothing half-made); does not switch `current`. */
export async function syncSnapshot(request: SyncRequest): Promise<SyncOutcome> {
  const { store, prefix, cacheDir, pointer } = request;
  const id = pointer.snapshot;
  const target = snapshotFolder(cacheDir, id);
  // A snapshot folder appears by rename only when complete, so one that exists needs nothing.
  if (await exists(join(target, DIST_LAYOUT.indexFile))) return { snapshot: id, downloadedObjects: 0, downloadedBytes: 0, reusedObjects: 0 };
  const manifestKey = remoteKey.manifest(prefix, id);
  const manifestBytes = await fetchVerified(store, manifestKey, { sha256: pointer.manifestSha256 });
  const manifest = parseManifest(parseGzipJson(manifestBytes, manifestKey), `s3://${store.bucket}/${manifestKey}`);
  if (manifest.snapshot !== id) throw new Error(`s3://${store.bucket}/${manifestKey} describes snapshot "${manifest.snapshot}", not "${id}"`);

  const staging = stagingFolder(cacheDir, id);
  try {
    await mkdir(join(staging, DIST_LAYOUT.bodiesDir), { recursive: true });
    let downloaded = manifestBytes.length;
    for (const { name, mode } of SNAPSHOT_FILES) {
      const digest = manifest.files[name];
      if (digest === undefined) continue;
      const key = remoteKey.snapshotFile(prefix, id, name);
      const bytes = await fetchVerified(store, key, digest);
      downloaded += bytes.length;
      const plain = gunzipSync(bytes);
      if (name === DIST_LAYOUT.indexFile) checkIndex(plain, manifest, `s3://${store.bucket}/${key}`);
      await writeFile(join(staging, name), plain, { mode });
      await chmod(join(staging, name), mode);
    }
    const bodies = await downloadBodies(request, manifest, staging);
    await rename(staging, target);
    return { snapshot: id, ...bodies, downloadedObjects: bodies.downloadedObjects + 1 + Object.keys(manifest.files).length, downloadedBytes: bodies.downloadedBytes + downloaded };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
