// Reads the published snapshot of a dist folder: its id, its own files (gzip-compressed for upload) and a digest of
// every body file.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import { readSnapshotIndex } from '../write/read-snapshot-index.ts';
import { historyFiles } from '../../contract/history.ts';
import { mapLimit } from '../../storage/map-limit.ts';
import { SNAPSHOT_FILES, isBodyFile, isSnapshotId, sha256Hex } from '../../storage/remote-layout.ts';
import { mediaTypeOf } from '../../contract/media-types.ts';
import { STREAMED_OBJECT_BYTES } from '../../storage/store-objects.ts';
import type { ObjectDigest, SnapshotFileName } from '../../storage/remote-layout.ts';

const gzipAsync = promisify(gzip);
const HASH_CONCURRENCY = 16;

export interface LocalBody extends ObjectDigest {
  /** As the index names it: `bodies/<name>.json.gz`. */
  file: string;
  contentType: string;
  /** Hex MD5 of the bytes: what a store's ETag of the same object is. */
  md5: string;
}

export interface LocalSnapshot {
  id: string;
  directory: string;
  /** Snapshot file name → its gzip-compressed bytes, ready to upload. */
  files: Map<SnapshotFileName, Buffer>;
  bodies: LocalBody[];
}

export const md5Hex = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

const JSON_TYPE = 'application/json; charset=utf-8';
const YAML_TYPE = 'application/yaml; charset=utf-8';
/** Media files keep their own type in the bucket (gateway/media/media-types.ts). */
const MEDIA_KEY = new RegExp(
  `^(?:${[KEYS.mediaLive, KEYS.mediaThumbs, KEYS.mediaFiles].map((kind) => kind.prefix).join('|')}):`,
);

/** Size and digests of a file; a large one (media) is read as a stream, never whole. */
async function digestFile(path: string): Promise<{ size: number; sha256: string; md5: string }> {
  const { size } = await stat(path);
  if (size <= STREAMED_OBJECT_BYTES) {
    const bytes = await readFile(path);
    return { size: bytes.length, sha256: sha256Hex(bytes), md5: md5Hex(bytes) };
  }
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  let read = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    sha256.update(chunk);
    md5.update(chunk);
    read += chunk.length;
  }
  return { size: read, sha256: sha256.digest('hex'), md5: md5.digest('hex') };
}

async function readOptional(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Every body file the index names, once, with the content type of what it holds; the index shards and the history
 *  are JSON bodies. */
function bodyFiles(
  entries: Record<string, unknown>,
  shards: ReadonlyArray<{ file: string }>,
  history: readonly string[],
): Map<string, string> {
  const files = new Map<string, string>(
    [...shards.map((shard) => shard.file), ...history].map((file) => [file, JSON_TYPE]),
  );
  for (const [key, value] of Object.entries(entries)) {
    const entry = value as { file?: unknown; gzip?: { file?: unknown }; br?: { file?: unknown } };
    const contentType =
      key === keyOf(KEYS.openapi) ? YAML_TYPE : MEDIA_KEY.test(key) ? mediaTypeOf(key).type : JSON_TYPE;
    for (const file of [entry.file, entry.gzip?.file, entry.br?.file]) {
      if (file === undefined) continue;
      if (typeof file !== 'string' || !isBodyFile(file))
        throw new Error(`index.json entries["${key}"]: "${String(file)}" is not a body file the store layout can hold`);
      files.set(file, contentType);
    }
  }
  return files;
}

export async function readLocalSnapshot(dist: string): Promise<LocalSnapshot> {
  let directory: string;
  try {
    directory = await realpath(join(dist, DIST_LAYOUT.currentLink));
  } catch {
    throw new Error(
      `--dist "${dist}" holds no published snapshot (no ${DIST_LAYOUT.currentLink} link): run npm run build first`,
    );
  }
  const raw = new Map<SnapshotFileName, Buffer>();
  for (const { name, required } of SNAPSHOT_FILES) {
    const bytes = await readOptional(join(directory, name));
    if (bytes === undefined && required)
      throw new Error(`${join(directory, name)}: missing; the snapshot is incomplete`);
    if (bytes !== undefined) raw.set(name, bytes);
  }
  const { index: header, shards } = readSnapshotIndex(directory);
  if (shards.length === 0)
    throw new Error(`${join(directory, DIST_LAYOUT.indexFile)}: written by an earlier snapi: run npm run build first`);
  if (!isSnapshotId(header.id))
    throw new Error(`${join(directory, DIST_LAYOUT.indexFile)}: snapshot id "${header.id}" cannot be uploaded`);
  const files = new Map<SnapshotFileName, Buffer>();
  for (const [name, bytes] of raw) files.set(name, await gzipAsync(bytes));
  const bodies = await mapLimit(
    [...bodyFiles(header.entries, shards, historyFiles(header.history))],
    HASH_CONCURRENCY,
    async ([file, contentType]) => {
      return { file, contentType, ...(await digestFile(join(directory, file))) };
    },
  );
  return { id: header.id, directory, files, bodies };
}
