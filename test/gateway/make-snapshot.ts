// Test helper: writes a small snapshot folder by hand, as the generator would, and publishes it atomically.
import { accountsFileOf, type SnapshotToken } from '../../contract/api-token.ts';
import { mkdir, mkdtemp, rename, symlink, writeFile, chmod } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { DIST_LAYOUT, SNAPSHOT_FORMAT } from '../../contract/snapshot.ts';
import type {
  AccessSettings,
  Accounts,
  IndexEntry,
  IndexShard,
  Restriction,
  SlugPart,
  SnapshotIndex,
  SnapshotRoot,
} from '../../contract/snapshot.ts';
import { readSnapshotIndex } from '../../generator/write/read-snapshot-index.ts';
import { contentHash } from '../../contract/etag.ts';
import { shardCount, splitEntries } from '../../contract/index-shards.ts';

export interface FixtureUser {
  username: string;
  role: string;
  password: string;
  apiaccess?: boolean;
  /** Replaces the bcrypt hash; `` for an account file without password. */
  hash?: string;
}

export interface FixtureBody {
  json: string;
  restriction?: Restriction;
  /** Write gzip and brotli siblings; default true. */
  compressed?: boolean;
}

export interface SnapshotSpec {
  id: string;
  basePath?: string;
  access?: Partial<AccessSettings>;
  bodies: Record<string, FixtureBody>;
  restrictedSlugs?: Record<string, SlugPart[]>;
  users: FixtureUser[];
  /** Spoils index.json, for refused-snapshot tests. */
  brokenIndex?: boolean;
  /** API token hashes, written into accounts.json as the generator does. */
  tokens?: SnapshotToken[];
  /** Shards of the index; default: as the generator would choose. */
  shards?: number;
}

const ROOT = new URL('../.tmp/', import.meta.url).pathname;

export async function makeTempDist(name: string): Promise<string> {
  await mkdir(ROOT, { recursive: true });
  return mkdtemp(join(ROOT, `${name}-`));
}

const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}"`;
const fileName = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

async function writeBody(directory: string, body: FixtureBody): Promise<IndexEntry> {
  const bytes = Buffer.from(body.json, 'utf8');
  const name = `${DIST_LAYOUT.bodiesDir}/${fileName(bytes)}.json`;
  await writeFile(join(directory, name), bytes);
  const entry: IndexEntry = { file: name, size: bytes.length, etag: etagOf(bytes) };
  if (body.compressed !== false) {
    const gzip = gzipSync(bytes);
    const br = brotliCompressSync(bytes);
    await writeFile(join(directory, `${name}.gz`), gzip);
    await writeFile(join(directory, `${name}.br`), br);
    entry.gzip = { file: `${name}.gz`, size: gzip.length };
    entry.br = { file: `${name}.br`, size: br.length };
  }
  if (body.restriction !== undefined) entry.restriction = body.restriction;
  return entry;
}

/** `$2y$` hashes at cost 4, as PHP would write them (only cheaper). */
export function hashPassword(password: string): string {
  return bcrypt.hashSync(password, 4).replace(/^\$2[ab]\$/, '$2y$');
}

export function userRecord(user: FixtureUser): string {
  return JSON.stringify({
    username: user.username,
    email: `${user.username}@example.org`,
    userrole: user.role,
    apiaccess: user.apiaccess ?? true,
  });
}

/** Writes the entries as shard bodies named by their content hash, as the generator does. */
async function writeShards(directory: string, entries: Record<string, IndexEntry>, count: number) {
  const shards: IndexShard[] = [];
  for (const shard of splitEntries(entries, count)) {
    const text = JSON.stringify(shard);
    const file = `${DIST_LAYOUT.bodiesDir}/${contentHash(text)}.json`;
    await writeFile(join(directory, file), text);
    shards.push({ file, size: Buffer.byteLength(text), entries: Object.keys(shard.entries).length });
  }
  return shards;
}

/** Writes `index` (root and shards) into the snapshot folder `directory`, replacing its index; `shards`: their count.
 *  */
export async function writeIndex(directory: string, index: SnapshotIndex, shards?: number): Promise<void> {
  const { entries, ...header } = index;
  const root: SnapshotRoot = {
    ...header,
    shards: await writeShards(directory, entries, shards ?? shardCount(Object.keys(entries).length)),
  };
  await writeFile(join(directory, DIST_LAYOUT.indexFile), JSON.stringify(root));
}

/** The whole index of the snapshot folder `directory` (root and every shard). */
export function readIndex(directory: string): SnapshotIndex {
  return readSnapshotIndex(directory).index;
}

/** Writes `snapshots/<id>/` without publishing it (its own bodies folder, as a follower's cache holds it). */
export async function writeSnapshot(dist: string, spec: SnapshotSpec): Promise<void> {
  const directory = join(dist, DIST_LAYOUT.snapshotsDir, spec.id);
  await mkdir(join(directory, DIST_LAYOUT.bodiesDir), { recursive: true });
  const entries: Record<string, IndexEntry> = {};
  for (const [key, body] of Object.entries(spec.bodies)) entries[key] = await writeBody(directory, body);
  const sizes = Object.values(entries).map((entry) => entry.size);
  const shards = await writeShards(directory, entries, spec.shards ?? shardCount(sizes.length));
  const index: SnapshotRoot = {
    format: SNAPSHOT_FORMAT,
    id: spec.id,
    builtAt: '2025-01-02T03:04:05.000Z',
    baseUrl: `http://localhost:8080${spec.basePath ?? ''}`,
    basePath: spec.basePath ?? '',
    counts: {
      pages: 3,
      folders: 1,
      drafts: 1,
      users: spec.users.length,
      responses: sizes.length,
      bytes: sizes.reduce((sum, size) => sum + size, 0),
    },
    access: { trustedIps: [], trustedHosts: [], proxy: false, trustedProxies: [], ...spec.access },
    shards,
    restrictedSlugs: spec.restrictedSlugs ?? {},
    userRecords: Object.fromEntries(spec.users.map((user) => [user.username, userRecord(user)])),
  };
  const accounts: Accounts = Object.fromEntries(
    spec.users.map((user) => [
      user.username,
      {
        username: user.username,
        role: user.role,
        apiaccess: user.apiaccess ?? true,
        hash: user.hash ?? hashPassword(user.password),
      },
    ]),
  );
  const indexText = spec.brokenIndex ? JSON.stringify(index).slice(0, -10) : JSON.stringify(index);
  await writeFile(join(directory, DIST_LAYOUT.indexFile), indexText);
  await writeFile(join(directory, DIST_LAYOUT.accountsFile), JSON.stringify(accountsFileOf(accounts, spec.tokens)), {
    mode: 0o600,
  });
  await chmod(join(directory, DIST_LAYOUT.accountsFile), 0o600);
}

/** Points `current` at `snapshots/<id>` with one rename of a temporary link, as the generator does. */
export async function publishSnapshot(dist: string, id: string): Promise<void> {
  const temporary = join(dist, `.current-${id}-${process.pid}`);
  await symlink(join(DIST_LAYOUT.snapshotsDir, id), temporary);
  await rename(temporary, join(dist, DIST_LAYOUT.currentLink));
}

export async function writeAndPublish(dist: string, spec: SnapshotSpec): Promise<void> {
  await writeSnapshot(dist, spec);
  await publishSnapshot(dist, spec.id);
}
