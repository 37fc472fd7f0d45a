// Publishing a snapshot to a real S3-compatible server: what is uploaded, in which form, and what a repeat or a small
// change costs.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { listObjects, getObject } from '../../storage/store-objects.ts';
import { sha256Hex } from '../../storage/remote-layout.ts';
import { namedFiles, readSnapshotIndex } from '../../generator/write/read-snapshot-index.ts';
import { startS3Server } from './s3-server.ts';
import type { S3Server } from './s3-server.ts';
import { changedShards, currentBodies, localDist, publish, versionSpec } from './storage-fixture.ts';
import { startCutProxy } from './cut-proxy.ts';
import { createStoreClient } from '../../storage/s3-client.ts';
import { uploadSnapshot } from '../../generator/upload/upload-snapshot.ts';
import type { LocalDist } from './storage-fixture.ts';

interface Context {
  server: S3Server;
  local: LocalDist;
}

/** Every body file of the dist's current snapshot, as the bucket key it must get. */
async function expectedBodyKeys(dist: string, prefix: string): Promise<string[]> {
  const directory = join(dist, 'current');
  const files = namedFiles(readSnapshotIndex(directory));
  const keys = await Promise.all(
    [...files].map(
      async (file) =>
        `${prefix}/bodies/${sha256Hex(await readFile(join(directory, file)))}${file.slice(file.indexOf('.'))}`,
    ),
  );
  return keys.sort();
}

const Publish = suite<Context>('publish to object storage');

Publish.before(async (context) => {
  context.server = await startS3Server('publish');
  context.local = await localDist('publish');
});
Publish.after(async ({ server, local }) => {
  await server.remove();
  await local.remove();
});

Publish('uploads every body, the snapshot files and the manifest, and the pointer last', async ({ server, local }) => {
  await local.write(versionSpec('pub-1', 'one'));
  const bodyKeys = await expectedBodyKeys(local.dist, 'site');
  const { lists } = await currentBodies(local.dist);
  assert.is(lists, 1);
  const outcome = await publish(server, local.dist, 'site');
  const stored = (await listObjects(server.store, 'site/')).objects;
  const isList = (key: string) => /^site\/lists\/[0-9a-f]{64}\.json\.gz$/.test(key);
  assert.equal(outcome, {
    uploadedObjects: bodyKeys.length + lists + 4,
    uploadedBytes: stored.reduce((sum, object) => sum + object.size, 0),
    skippedObjects: 0,
    repairedObjects: 0,
    totalObjects: bodyKeys.length + lists + 4,
    snapshot: 'pub-1',
    previous: null,
    target: 's3://snapi-test/site',
  });
  assert.equal(
    stored
      .map((object) => object.key)
      .filter((key) => !isList(key))
      .sort(),
    [
      ...bodyKeys,
      'site/current.json',
      'site/snapshots/pub-1/accounts.json.gz',
      'site/snapshots/pub-1/index.json.gz',
      'site/snapshots/pub-1/manifest.json.gz',
    ].sort(),
  );
  assert.is(stored.filter((object) => isList(object.key)).length, lists);
});

Publish('the pointer names the snapshot and the digest of its manifest', async ({ server }) => {
  const pointer = await getObject(server.store, 'site/current.json');
  const manifest = await getObject(server.store, 'site/snapshots/pub-1/manifest.json.gz');
  if (pointer.kind !== 'found' || manifest.kind !== 'found') throw new Error('pointer or manifest missing');
  const parsed = JSON.parse(pointer.bytes.toString()) as Record<string, unknown>;
  assert.equal(
    { ...parsed, publishedAt: typeof parsed.publishedAt },
    { format: 2, snapshot: 'pub-1', manifestSha256: sha256Hex(manifest.bytes), publishedAt: 'string' },
  );
});

Publish('stores bodies with their content type and encoding, immutable', async ({ server, local }) => {
  const keys = await expectedBodyKeys(local.dist, 'site');
  const head = async (suffix: string) => {
    const key = keys.find((candidate) => candidate.endsWith(suffix));
    const output = await server.store.client.send(new HeadObjectCommand({ Bucket: server.store.bucket, Key: key }));
    return [output.ContentType, output.ContentEncoding ?? null, output.CacheControl];
  };
  const immutable = 'public, max-age=31536000, immutable';
  assert.equal(await head('.json'), ['application/json; charset=utf-8', null, immutable]);
  assert.equal(await head('.json.gz'), ['application/json; charset=utf-8', 'gzip', immutable]);
  assert.equal(await head('.json.br'), ['application/json; charset=utf-8', 'br', immutable]);
});

Publish('publishing the same snapshot again uploads nothing', async ({ server, local }) => {
  const bodyKeys = await expectedBodyKeys(local.dist, 'site');
  const { lists } = await currentBodies(local.dist);
  const outcome = await publish(server, local.dist, 'site');
  assert.equal(
    [outcome.uploadedObjects, outcome.uploadedBytes, outcome.skippedObjects, outcome.repairedObjects, outcome.previous],
    [0, 0, bodyKeys.length + lists + 4, 0, 'pub-1'],
  );
});

Publish(
  'after one body changed, only its three variants, the index shard naming it, one new list naming those four, the snapshot files, manifest and pointer are uploaded',
  async ({ server, local }) => {
    const before = await currentBodies(local.dist);
    await local.write(versionSpec('pub-2', 'two'));
    const after = await currentBodies(local.dist);
    assert.is(changedShards(before, after).length, 1);
    const outcome = await publish(server, local.dist, 'site');
    assert.equal(
      [outcome.uploadedObjects, outcome.skippedObjects, outcome.snapshot, outcome.previous],
      [3 + 1 + 1 + 4, after.files.length - 4 + before.lists, 'pub-2', 'pub-1'],
    );
  },
);

Publish(
  'a store that answers 503 SlowDown is retried with backoff, and the publish completes',
  async ({ server, local }) => {
    const proxy = await startCutProxy(server.port);
    const client = createStoreClient({
      endpoint: proxy.endpoint,
      region: 'us-east-1',
      maxAttempts: 3,
      requestTimeoutMs: 5_000,
    });
    try {
      await local.write(versionSpec('pub-3', 'three'));
      proxy.throttleNextPuts(2);
      const outcome = await uploadSnapshot({
        dist: local.dist,
        store: { client, bucket: server.store.bucket },
        location: { bucket: server.store.bucket, prefix: 'site' },
      });
      const pointer = await getObject(server.store, 'site/current.json');
      // Each uploaded object reached the store once; the two refused attempts were retried.
      assert.equal(
        [
          proxy.throttledPuts(),
          proxy.putsForwarded(),
          outcome.snapshot,
          pointer.kind === 'found' && JSON.parse(pointer.bytes.toString()).snapshot,
        ],
        [2, outcome.uploadedObjects, 'pub-3', 'pub-3'],
      );
    } finally {
      client.destroy();
      await proxy.close();
    }
  },
);

Publish.run();
