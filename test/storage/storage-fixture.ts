// Test helper: dist folders with small snapshots to publish, gateways that follow a bucket, and waiting for conditions.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MOST_LIST_ENTRIES } from '../../generator/upload/body-lists.ts';
import { namedFiles, readSnapshotIndex } from '../../generator/write/read-snapshot-index.ts';
import { makeTempDist, writeAndPublish } from '../gateway/make-snapshot.ts';
import type { SnapshotSpec } from '../gateway/make-snapshot.ts';
import { BODIES, USERS, basic, standardSpec } from '../gateway/fixture.ts';
import { startFollowingGateway } from '../../gateway/follow/serve-from.ts';
import type { FollowingGateway } from '../../gateway/follow/serve-from.ts';
import { uploadSnapshot } from '../../generator/upload/upload-snapshot.ts';
import type { UploadOutcome, UploadRequest } from '../../generator/upload/upload-snapshot.ts';
import type { S3Server } from './s3-server.ts';

export const EDITOR = { Authorization: basic(USERS.editor) };
export const NAVIGATION_PATH = '/api/v1/navigation';

/** The standard snapshot whose live navigation says which version it is. */
export function versionSpec(id: string, version: string, extra: Partial<SnapshotSpec> = {}): SnapshotSpec {
  return standardSpec(id, { bodies: { ...BODIES, 'navigation:live': { json: navigationOf(version) } }, ...extra });
}

export function navigationOf(version: string): string {
  return `{"navigation":[{"fixture":"navigation of ${version}"}]}`;
}

export interface LocalDist {
  dist: string;
  /** Writes the snapshot into the dist folder and makes it current there. */
  write(spec: SnapshotSpec): Promise<void>;
  remove(): Promise<void>;
}

export async function localDist(name: string): Promise<LocalDist> {
  const dist = await makeTempDist(name);
  return {
    dist,
    write: (spec) => writeAndPublish(dist, spec),
    remove: () => rm(dist, { recursive: true, force: true }),
  };
}

export function publish(
  server: S3Server,
  dist: string,
  prefix: string,
  extra: Partial<UploadRequest> = {},
): Promise<UploadOutcome> {
  return uploadSnapshot({ dist, store: server.store, location: { bucket: server.store.bucket, prefix }, ...extra });
}

export interface Follower {
  gateway: FollowingGateway;
  logs: Array<Record<string, unknown>>;
  cacheDir: string;
  close(): Promise<void>;
}

export interface FollowTuning {
  pollSeconds?: number;
  /** Another way to the store (a proxy) than the server's own endpoint. */
  endpoint?: string;
  requestTimeoutMs?: number;
}

export async function follow(
  server: S3Server,
  prefix: string,
  name: string,
  tuning: FollowTuning = {},
): Promise<Follower> {
  const cacheDir = await makeTempDist(`cache-${name}`);
  const logs: Array<Record<string, unknown>> = [];
  const gateway = await startFollowingGateway({
    from: `s3://${server.store.bucket}/${prefix}`,
    endpoint: tuning.endpoint ?? server.endpoint,
    region: 'us-east-1',
    cacheDir,
    pollSeconds: tuning.pollSeconds ?? 60,
    maxAttempts: 1,
    requestTimeoutMs: tuning.requestTimeoutMs ?? 3_000,
    backoffMs: 50,
    port: 0,
    host: '127.0.0.1',
    pollMs: 50,
    log: (line) => logs.push(JSON.parse(line) as Record<string, unknown>),
    limiter: { maxFailures: 1000 },
  });
  return {
    gateway,
    logs,
    cacheDir,
    close: () => gateway.close().finally(() => rm(cacheDir, { recursive: true, force: true })),
  };
}

export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`gave up waiting for ${what}`);
}

export const eventsOf = (logs: Array<Record<string, unknown>>, event: string) =>
  logs.filter((line) => line.event === event);

/** The body files of a dist folder's current snapshot (index shards included), how many lists a first upload writes
 *  for them, the index shard files and the file of the live navigation. */
export async function currentBodies(
  dist: string,
): Promise<{ files: string[]; lists: number; shardFiles: string[]; navigationFile: string }> {
  const contents = readSnapshotIndex(join(dist, 'current'));
  const files = [...namedFiles(contents)];
  return {
    files,
    lists: Math.ceil(files.length / MOST_LIST_ENTRIES),
    shardFiles: contents.shards.map((shard) => shard.file),
    navigationFile: contents.index.entries['navigation:live']?.file ?? '',
  };
}

/** Index shards of `after` that `before` lacks: when only the live navigation changed, the one shard holding it. */
export function changedShards(before: { shardFiles: string[] }, after: { shardFiles: string[] }): string[] {
  return after.shardFiles.filter((file) => !before.shardFiles.includes(file));
}
