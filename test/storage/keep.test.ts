// `--keep N` garbage collection: keeps the current snapshot and the newest others, deletes the rest and unreferenced
// bodies.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { collectGarbage } from '../../generator/upload/collect-garbage.ts';
import { listObjects } from '../../storage/store-objects.ts';
import { sha256Hex } from '../../storage/remote-layout.ts';
import { namedFiles, readSnapshotIndex } from '../../generator/write/read-snapshot-index.ts';
import { send } from '../gateway/http-client.ts';
import { startS3Server } from './s3-server.ts';
import type { S3Server } from './s3-server.ts';
import { EDITOR, NAVIGATION_PATH, follow, localDist, navigationOf, publish, versionSpec } from './storage-fixture.ts';
import type { LocalDist } from './storage-fixture.ts';

interface Context {
  server: S3Server;
  local: LocalDist;
  /** Snapshot id → the body keys it needs. */
  needs: Map<string, Set<string>>;
}

const LOCATION = { bucket: 'snapi-test', prefix: 'gc' };

async function bodyKeys(dist: string): Promise<Set<string>> {
  const directory = join(dist, 'current');
  const files = namedFiles(readSnapshotIndex(directory));
  return new Set(
    await Promise.all(
      [...files].map(
        async (file) => `gc/bodies/${sha256Hex(await readFile(join(directory, file)))}${file.slice(file.indexOf('.'))}`,
      ),
    ),
  );
}

async function storedBodies(server: S3Server): Promise<string[]> {
  return (await listObjects(server.store, 'gc/bodies/')).objects.map((object) => object.key).sort();
}

async function storedSnapshots(server: S3Server): Promise<string[]> {
  return (await listObjects(server.store, 'gc/snapshots/', '/')).folders.sort();
}

const union = (...sets: Array<Set<string> | undefined>) => [...new Set(sets.flatMap((set) => [...(set ?? [])]))].sort();

const Keep = suite<Context>('--keep garbage collection');

Keep.before(async (context) => {
  context.server = await startS3Server('keep');
  context.local = await localDist('keep');
  context.needs = new Map();
  for (const [id, version] of [
    ['g-1', 'one'],
    ['g-2', 'two'],
    ['g-3', 'three'],
  ] as const) {
    await context.local.write(versionSpec(id, version));
    await publish(context.server, context.local.dist, 'gc');
    context.needs.set(id, await bodyKeys(context.local.dist));
    // Manifests are ordered by their store time, which s3rver keeps in whole milliseconds.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});
Keep.after(async ({ server, local }) => {
  await server.remove();
  await local.remove();
});

const countAll = async (server: S3Server) => (await listObjects(server.store, 'gc/')).objects.length;

Keep(
  'keeps the current and the newest other snapshot, and deletes the oldest with the bodies only it used',
  async ({ server, needs }) => {
    const before = await storedBodies(server);
    const objectsBefore = await countAll(server);
    const outcome = await collectGarbage(server.store, LOCATION, 'g-3', 2);
    assert.equal(before, union(needs.get('g-1'), needs.get('g-2'), needs.get('g-3')));
    // g-1's index, accounts and manifest, its navigation's three variants, and the body lists only it used.
    assert.equal(outcome, {
      keptSnapshots: ['g-3', 'g-2'],
      deletedSnapshots: ['g-1'],
      deletedObjects: objectsBefore - (await countAll(server)),
    });
    assert.ok(outcome.deletedObjects > 6, `${outcome.deletedObjects} objects deleted`);
    assert.equal(
      [await storedBodies(server), await storedSnapshots(server)],
      [union(needs.get('g-2'), needs.get('g-3')), ['gc/snapshots/g-2/', 'gc/snapshots/g-3/']],
    );
  },
);

Keep(
  'never deletes what the current pointer needs, even when a newer unpublished snapshot exists',
  async ({ server, local, needs }) => {
    await local.write(versionSpec('g-4', 'four'));
    await publish(server, local.dist, 'gc', { beforePointer: () => Promise.reject(new Error('stopped')) }).catch(
      () => undefined,
    );
    const outcome = await collectGarbage(server.store, LOCATION, 'g-3', 1);
    assert.equal(outcome.deletedSnapshots, ['g-2', 'g-4']);
    assert.equal(
      [await storedBodies(server), await storedSnapshots(server)],
      [union(needs.get('g-3')), ['gc/snapshots/g-3/']],
    );
  },
);

Keep('a gateway following the collected bucket still gets the complete current snapshot', async ({ server }) => {
  const follower = await follow(server, 'gc', 'keep');
  try {
    await follower.gateway.follower.checkNow();
    const response = await send(follower.gateway.url, NAVIGATION_PATH, { headers: EDITOR });
    assert.equal(
      [response.status, response.text, follower.gateway.follower.status().error],
      [200, navigationOf('three'), null],
    );
  } finally {
    await follower.close();
  }
});

Keep.run();
