// The uploaded layout in a bucket, shared by uploader and follower: keys, pointer and manifest formats, their
// validators.
import { createHash } from 'node:crypto';
import { DIST_LAYOUT } from '../contract/snapshot.ts';

/** Bumped when a follower of this version could not read what an uploader writes. 2: body lists may name bodies
 *  the snapshot no longer has, and garbage collection may delete those; a follower fetches what the index names. */
export const REMOTE_FORMAT = 2;

export const REMOTE_LAYOUT = {
  pointer: 'current.json',
  bodiesDir: 'bodies',
  listsDir: 'lists',
  snapshotsDir: 'snapshots',
  manifest: 'manifest.json.gz',
} as const;

/** The snapshot's own files besides its bodies; stored gzip-compressed under `snapshots/<id>/<name>.gz`. */
export const SNAPSHOT_FILES = [
  { name: DIST_LAYOUT.indexFile, required: true, mode: 0o644 },
  // Password hashes: the follower writes it as privately as the generator does.
  { name: DIST_LAYOUT.accountsFile, required: true, mode: 0o600 },
  { name: DIST_LAYOUT.changesFile, required: false, mode: 0o644 },
] as const;
export type SnapshotFileName = (typeof SNAPSHOT_FILES)[number]['name'];

/** `current.json`: written last, so a reader sees the old snapshot or the new one. */
export interface Pointer {
  format: typeof REMOTE_FORMAT;
  snapshot: string;
  /** SHA-256 (hex) of the manifest object's bytes. */
  manifestSha256: string;
  publishedAt: string;
}

/** One stored object: its SHA-256 (hex) and size in bytes. */
export interface ObjectDigest {
  sha256: string;
  size: number;
}

/** `snapshots/<id>/manifest.json.gz`: every object the snapshot needs, each with the digest a follower checks. */
export interface Manifest {
  format: typeof REMOTE_FORMAT;
  snapshot: string;
  /** Snapshot file name → digest of its gzip object; `changes.json` may be absent. */
  files: Partial<Record<SnapshotFileName, ObjectDigest>>;
  /** Digests of the body lists (`lists/<sha256>.json.gz`), read in this order, a later list winning for a name in
   *  two: together they name every body of the snapshot, and may name bodies of earlier ones. */
  bodyLists: ObjectDigest[];
}

/** One body list: body file as the index names it (`bodies/<name>.json.gz`) → digest of its bytes, which is also its
 *  key. */
export type BodyList = Record<string, ObjectDigest>;

const SHA256_HEX = /^[0-9a-f]{64}$/;
/** Body files as the generator names them (media files as `<hash>.media`); nothing else may become a path in a
 *  follower's cache. */
const BODY_FILE = /^bodies\/[A-Za-z0-9_-]{1,128}(?:\.json(?:\.gz|\.br)?|\.media)$/;
/** Snapshot ids become one folder name in a follower's cache. */
const SNAPSHOT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** `PREFIX/` or `` for the bucket root. */
function joinKey(prefix: string, ...parts: string[]): string {
  return [prefix, ...parts].filter((part) => part !== '').join('/');
}

export const remoteKey = {
  pointer: (prefix: string) => joinKey(prefix, REMOTE_LAYOUT.pointer),
  bodiesDir: (prefix: string) => joinKey(prefix, REMOTE_LAYOUT.bodiesDir) + '/',
  listsDir: (prefix: string) => joinKey(prefix, REMOTE_LAYOUT.listsDir) + '/',
  bodyList: (prefix: string, sha256: string) => joinKey(prefix, REMOTE_LAYOUT.listsDir, `${sha256}.json.gz`),
  snapshotsDir: (prefix: string) => joinKey(prefix, REMOTE_LAYOUT.snapshotsDir) + '/',
  snapshotDir: (prefix: string, id: string) => joinKey(prefix, REMOTE_LAYOUT.snapshotsDir, id) + '/',
  manifest: (prefix: string, id: string) => joinKey(prefix, REMOTE_LAYOUT.snapshotsDir, id, REMOTE_LAYOUT.manifest),
  snapshotFile: (prefix: string, id: string, name: SnapshotFileName) =>
    joinKey(prefix, REMOTE_LAYOUT.snapshotsDir, id, `${name}.gz`),
  /** Content-addressed by the object's own bytes, keeping the file's extension so the key says what it holds. */
  body: (prefix: string, file: string, sha256: string) =>
    joinKey(prefix, REMOTE_LAYOUT.bodiesDir, sha256 + file.slice(file.indexOf('.'))),
};

export const BODY_ENCODINGS = [
  { suffix: '.json.gz', contentEncoding: 'gzip' },
  { suffix: '.json.br', contentEncoding: 'br' },
  { suffix: '.json', contentEncoding: undefined },
] as const;

export function contentEncodingOf(file: string): string | undefined {
  return BODY_ENCODINGS.find((encoding) => file.endsWith(encoding.suffix))?.contentEncoding;
}

type Json = Record<string, unknown>;

function record(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${where}: expected an object`);
  return value as Json;
}

function checkFormat(fields: Json, where: string): void {
  if (typeof fields.format === 'number' && fields.format > REMOTE_FORMAT) {
    throw new Error(
      `${where} has format ${fields.format}, newer than this snapi reads (${REMOTE_FORMAT}): upgrade snapi`,
    );
  }
  if (fields.format !== REMOTE_FORMAT)
    throw new Error(`${where}: format ${JSON.stringify(fields.format)} is not a snapi publication format`);
}

function snapshotId(value: unknown, where: string): string {
  if (typeof value !== 'string' || !SNAPSHOT_ID.test(value))
    throw new Error(`${where}: ${JSON.stringify(value)} is not a snapshot id`);
  return value;
}

function digest(value: unknown, where: string): ObjectDigest {
  const fields = record(value, where);
  const { sha256, size } = fields;
  if (typeof sha256 !== 'string' || !SHA256_HEX.test(sha256))
    throw new Error(`${where}.sha256: expected 64 hex digits`);
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 0)
    throw new Error(`${where}.size: expected a non-negative integer`);
  return { sha256, size };
}

/** Throws with a reason naming the pointer when it is not one this version can follow. */
export function parsePointer(text: string, where: string): Pointer {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${where} is not JSON: it is not a snapi snapshot pointer`);
  }
  const fields = record(value, where);
  checkFormat(fields, where);
  const { manifestSha256, publishedAt } = fields;
  if (typeof manifestSha256 !== 'string' || !SHA256_HEX.test(manifestSha256))
    throw new Error(`${where}.manifestSha256: expected 64 hex digits`);
  if (typeof publishedAt !== 'string') throw new Error(`${where}.publishedAt: expected a string`);
  return {
    format: REMOTE_FORMAT,
    snapshot: snapshotId(fields.snapshot, `${where}.snapshot`),
    manifestSha256,
    publishedAt,
  };
}

export function parseBodyList(value: unknown, where: string): BodyList {
  const bodies = record(value, where);
  const parsed: BodyList = {};
  for (const [file, item] of Object.entries(bodies)) {
    if (!BODY_FILE.test(file)) throw new Error(`${where}: "${file}" is not a body file name`);
    parsed[file] = digest(item, `${where}["${file}"]`);
  }
  return parsed;
}

export function parseManifest(value: unknown, where: string): Manifest {
  const fields = record(value, where);
  checkFormat(fields, where);
  const files = record(fields.files, `${where}.files`);
  if (!Array.isArray(fields.bodyLists)) throw new Error(`${where}.bodyLists: expected an array`);
  const bodyLists = fields.bodyLists.map((item, position) => digest(item, `${where}.bodyLists[${position}]`));
  const parsedFiles: Manifest['files'] = {};
  for (const { name, required } of SNAPSHOT_FILES) {
    if (files[name] === undefined && !required) continue;
    parsedFiles[name] = digest(files[name], `${where}.files["${name}"]`);
  }
  return {
    format: REMOTE_FORMAT,
    snapshot: snapshotId(fields.snapshot, `${where}.snapshot`),
    files: parsedFiles,
    bodyLists,
  };
}

export function isBodyFile(file: string): boolean {
  return BODY_FILE.test(file);
}

export function isSnapshotId(id: string): boolean {
  return SNAPSHOT_ID.test(id);
}
