// Uploads a dist folder's published snapshot to a bucket: missing or wrong bodies and body lists first, then the
// snapshot's files and manifest, the pointer last.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { mapLimit } from '../../storage/map-limit.ts';
import { REMOTE_FORMAT, contentEncodingOf, parsePointer, remoteKey, sha256Hex } from '../../storage/remote-layout.ts';
import type { BodyList, Manifest, Pointer } from '../../storage/remote-layout.ts';
import { getObject, headObject, listObjects, putObject, STREAMED_OBJECT_BYTES } from '../../storage/store-objects.ts';
import type { StreamedBody } from '../../storage/store-objects.ts';
import type { ListedObject, PutMetadata, Store } from '../../storage/store-objects.ts';
import { formatS3Location } from '../../storage/s3-location.ts';
import type { S3Location } from '../../storage/s3-location.ts';
import { planBodyLists } from './body-lists.ts';
import { listedKeys, readSnapshotLists } from './remote-lists.ts';
import type { StoredBodyList } from './remote-lists.ts';
import { md5Hex, readLocalSnapshot } from './local-snapshot.ts';
import { storedObjectMatches } from './stored-object.ts';
import type { WantedObject } from './stored-object.ts';
import type { LocalSnapshot } from './local-snapshot.ts';

export const UPLOAD_CONCURRENCY = 16;

/** Bodies and snapshot files never change under their key; the pointer changes with every upload. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const POINTER_CACHE = 'no-cache';
const GZIP_FILE: PutMetadata = { contentType: 'application/gzip', cacheControl: IMMUTABLE };

export interface UploadCounts {
  uploadedObjects: number;
  uploadedBytes: number;
  skippedObjects: number;
  /** Of the uploaded: objects that were in the bucket but not as they should be (truncated, other bytes, other
   *  headers). */
  repairedObjects: number;
  totalObjects: number;
}

export interface UploadOutcome extends UploadCounts {
  snapshot: string;
  previous: string | null;
  target: string;
}

export interface UploadRequest {
  dist: string;
  store: Store;
  location: S3Location;
  onProgress?: (counts: UploadCounts) => void;
  /** Called between the last body upload and the pointer (tests stop an upload there). */
  beforePointer?: () => Promise<void>;
}

/** Objects that are neither bodies, snapshots nor the pointer mean the prefix belongs to something else. */
async function checkPrefixIsOurs(store: Store, location: S3Location): Promise<void> {
  const root = location.prefix === '' ? '' : `${location.prefix}/`;
  const ours = [
    remoteKey.bodiesDir(location.prefix),
    remoteKey.listsDir(location.prefix),
    remoteKey.snapshotsDir(location.prefix),
  ];
  const { objects, folders } = await listObjects(store, root, '/');
  const foreign = [...objects.map((object) => object.key), ...folders].find((key) => !ours.includes(key));
  if (foreign !== undefined) {
    throw new Error(
      `${formatS3Location(location)} holds "${foreign}", which is not part of a snapi publication: publish to an empty prefix`,
    );
  }
}

async function readPointer(store: Store, location: S3Location): Promise<Pointer | undefined> {
  const key = remoteKey.pointer(location.prefix);
  const fetched = await getObject(store, key);
  if (fetched.kind !== 'found') {
    await checkPrefixIsOurs(store, location);
    return undefined;
  }
  return parsePointer(fetched.bytes.toString('utf8'), `s3://${store.bucket}/${key}`);
}

/** The body lists, gzip-compressed: those of the previous snapshot kept byte for byte, new ones written in name order
 *  (docs/decisions.md: Body lists are kept and merged, not regrouped). */
function bodyListsOf(local: LocalSnapshot, previous: readonly StoredBodyList[]): Buffer[] {
  const live: BodyList = {};
  for (const body of local.bodies) live[body.file] = { sha256: body.sha256, size: body.size };
  return planBodyLists(previous, live).map((list) => list.bytes ?? gzipSync(JSON.stringify(list.entries)));
}

function manifestOf(local: LocalSnapshot, lists: Buffer[]): Buffer {
  const manifest: Manifest = {
    format: REMOTE_FORMAT,
    snapshot: local.id,
    files: Object.fromEntries(
      [...local.files].map(([name, bytes]) => [name, { sha256: sha256Hex(bytes), size: bytes.length }]),
    ),
    bodyLists: lists.map((bytes) => ({ sha256: sha256Hex(bytes), size: bytes.length })),
  };
  return gzipSync(JSON.stringify(manifest));
}

interface Upload extends WantedObject {
  key: string;
  /** The bytes, or for a large body a stream of them read while it is sent. */
  bytes: () => Promise<Buffer | StreamedBody>;
}

function uploadOf(key: string, bytes: Buffer, metadata: PutMetadata): Upload {
  return { key, size: bytes.length, sha256: sha256Hex(bytes), md5: md5Hex(bytes), bytes: async () => bytes, metadata };
}

export async function uploadSnapshot(request: UploadRequest): Promise<UploadOutcome> {
  const { store, location } = request;
  const local = await readLocalSnapshot(request.dist);
  const previous = await readPointer(store, location);
  // One listing per folder gives each key's size and ETag; see isStored for when a HEAD is needed as well.
  const listed = async (folder: string) =>
    new Map((await listObjects(store, folder)).objects.map((object) => [object.key, object]));
  const existing = await listed(remoteKey.bodiesDir(location.prefix));
  const existingLists = await listed(remoteKey.listsDir(location.prefix));
  const existingSnapshot = await listed(remoteKey.snapshotDir(location.prefix, local.id));
  // The current snapshot's lists, and the objects they name, were checked or put by an upload. Unreadable: check
  // all, and write the lists anew.
  const previousLists =
    previous === undefined
      ? []
      : await readSnapshotLists(store, location, previous.snapshot).catch(() => [] as StoredBodyList[]);
  const checkedBefore = listedKeys(location.prefix, previousLists);

  const bodyUploads = new Map<string, Upload>();
  for (const body of local.bodies) {
    const key = remoteKey.body(location.prefix, body.file, body.sha256);
    bodyUploads.set(key, {
      key,
      size: body.size,
      sha256: body.sha256,
      md5: body.md5,
      bytes: () =>
        body.size > STREAMED_OBJECT_BYTES
          ? Promise.resolve({
              open: () => createReadStream(join(local.directory, body.file)),
              size: body.size,
              md5: body.md5,
              sha256: body.sha256,
            })
          : readFile(join(local.directory, body.file)),
      metadata: {
        contentType: body.contentType,
        contentEncoding: contentEncodingOf(body.file),
        cacheControl: IMMUTABLE,
      },
    });
  }
  const lists = bodyListsOf(local, previousLists);
  const listUploads = lists.map((bytes) =>
    uploadOf(remoteKey.bodyList(location.prefix, sha256Hex(bytes)), bytes, GZIP_FILE),
  );
  const manifest = manifestOf(local, lists);
  const snapshotUploads = [...local.files].map(([name, bytes]) =>
    uploadOf(remoteKey.snapshotFile(location.prefix, local.id, name), bytes, GZIP_FILE),
  );
  const manifestUpload = uploadOf(remoteKey.manifest(location.prefix, local.id), manifest, GZIP_FILE);
  const pointer: Pointer = {
    format: REMOTE_FORMAT,
    snapshot: local.id,
    manifestSha256: sha256Hex(manifest),
    publishedAt: new Date().toISOString(),
  };
  const pointerIsCurrent =
    previous?.snapshot === pointer.snapshot && previous.manifestSha256 === pointer.manifestSha256;

  const counts: UploadCounts = {
    uploadedObjects: 0,
    uploadedBytes: 0,
    skippedObjects: 0,
    repairedObjects: 0,
    totalObjects: bodyUploads.size + listUploads.length + snapshotUploads.length + 2,
  };
  const upload = async (item: Upload, present: ReadonlyMap<string, ListedObject>): Promise<void> => {
    const found = present.get(item.key);
    if (await isStored(item, found)) {
      counts.skippedObjects += 1;
    } else {
      await putObject(store, item.key, await item.bytes(), item.metadata);
      counts.uploadedObjects += 1;
      counts.uploadedBytes += item.size;
      if (found !== undefined) counts.repairedObjects += 1;
    }
    request.onProgress?.(counts);
  };
  // A truncated, corrupt or mislabelled object left at the key (an interrupted upload, another tool) is put again.
  const isStored = async (item: Upload, found: ListedObject | undefined): Promise<boolean> => {
    if (found === undefined || found.size !== item.size) return false;
    // Its headers were checked then; an ETag that is still the MD5 of these bytes shows nobody has put other bytes
    // since.
    if (checkedBefore.has(item.key) && found.etag === item.md5) return true;
    const stored = await headObject(store, item.key);
    return stored !== undefined && storedObjectMatches(stored, item);
  };
  await mapLimit([...bodyUploads.values()], UPLOAD_CONCURRENCY, (item) => upload(item, existing));
  await mapLimit(listUploads, UPLOAD_CONCURRENCY, (item) => upload(item, existingLists));
  await mapLimit(snapshotUploads, UPLOAD_CONCURRENCY, (item) => upload(item, existingSnapshot));
  await upload(manifestUpload, existingSnapshot);
  await request.beforePointer?.();
  if (pointerIsCurrent) {
    counts.skippedObjects += 1;
  } else {
    const bytes = Buffer.from(JSON.stringify(pointer));
    await putObject(store, remoteKey.pointer(location.prefix), bytes, {
      contentType: 'application/json',
      cacheControl: POINTER_CACHE,
    });
    counts.uploadedObjects += 1;
    counts.uploadedBytes += bytes.length;
  }
  request.onProgress?.(counts);
  return { ...counts, snapshot: local.id, previous: previous?.snapshot ?? null, target: formatS3Location(location) };
}
