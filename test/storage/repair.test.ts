// Publish repairs what it finds: an object at the right key that is truncated, holds other bytes of the same size, or
// carries the wrong headers is uploaded again, and a gateway following the bucket then switches to the snapshot.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { getObject, headObject, listObjects, putObject } from '../../storage/store-objects.ts';
import { sha256Hex } from '../../storage/remote-layout.ts';
import { readSnapshotIndex } from '../../generator/write/read-snapshot-index.ts';
import { send } from '../gateway/http-client.ts';
import { createStoreClient } from '../../storage/s3-client.ts';
import { runPublishCommand } from '../../generator/upload/publish-command.ts';
import { uploadSnapshot } from '../../generator/upload/upload-snapshot.ts';
import { startCutProxy } from './cut-proxy.ts';
import { startS3Server } from './s3-server.ts';
import type { S3Server } from './s3-server.ts';
import {
  EDITOR,
  NAVIGATION_PATH,
  follow,
  localDist,
  navigationOf,
  publish,
  versionSpec,
  waitFor,
} from './storage-fixture.ts';
import type { Follower, LocalDist } from './storage-fixture.ts';

interface Context {
  server: S3Server;
  local: LocalDist;
  follower: Follower;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** An object as another tool, or an upload cut short, leaves it: no sha256 metadata, headers as given. */
interface Planted {
  bytes: Buffer;
  contentType: string;
  contentEncoding?: string;
}

async function plant(server: S3Server, key: string, object: Planted): Promise<void> {
  await server.store.client.send(
    new PutObjectCommand({
      Bucket: server.store.bucket,
      Key: key,
      Body: object.bytes,
      ContentType: object.contentType,
      CacheControl: IMMUTABLE,
      ...(object.contentEncoding ? { ContentEncoding: object.contentEncoding } : {}),
    }),
  );
}

/** The bucket key and local bytes of the live navigation body of the dist's current snapshot, in one of its encodings.
 *  */
async function navigationObject(dist: string, variant: 'plain' | 'gzip'): Promise<{ key: string; bytes: Buffer }> {
  const directory = join(dist, 'current');
  const entry = readSnapshotIndex(directory).index.entries['navigation:live'];
  const file = (variant === 'gzip' ? entry?.gzip?.file : entry?.file) ?? '';
  const bytes = await readFile(join(directory, file));
  return { key: `site/bodies/${sha256Hex(bytes)}${file.slice(file.indexOf('.'))}`, bytes };
}

const storedKeys = async (server: S3Server) =>
  (await listObjects(server.store, 'site/')).objects.map((object) => object.key);
const served = async (follower: Follower) =>
  (await send(follower.gateway.url, NAVIGATION_PATH, { headers: EDITOR })).text;

/** The follower takes the snapshot and serves it; a follower refusing a wrong object never does. */
async function switchesTo(follower: Follower, id: string, version: string): Promise<void> {
  await waitFor(
    async () => (await follower.gateway.follower.checkNow(), await served(follower)) === navigationOf(version),
    `the follower to serve ${id}`,
    3_000,
  ).catch((error: Error) =>
    assert.unreachable(`${error.message}; follower status ${JSON.stringify(follower.gateway.follower.status())}`),
  );
  assert.equal([follower.gateway.follower.status().snapshot, follower.gateway.follower.status().error], [id, null]);
}

const Repair = suite<Context>('publish repairs what it finds in the bucket');

Repair.before(async (context) => {
  context.server = await startS3Server('repair');
  context.local = await localDist('repair');
  await context.local.write(versionSpec('r-0', 'zero'));
  await publish(context.server, context.local.dist, 'site');
  context.follower = await follow(context.server, 'site', 'repair');
  await context.follower.gateway.follower.checkNow();
});
Repair.after(async ({ server, local, follower }) => {
  await follower.close();
  await server.remove();
  await local.remove();
});

const CASES: Array<{
  name: string;
  id: string;
  variant: 'plain' | 'gzip';
  plant: (bytes: Buffer, version: string) => Planted;
}> = [
  {
    name: 'a body truncated by one byte',
    id: 'r-1',
    variant: 'plain',
    plant: (bytes) => ({ bytes: bytes.subarray(0, bytes.length - 1), contentType: JSON_TYPE }),
  },
  {
    name: 'a body of the same size with other bytes',
    id: 'r-2',
    variant: 'plain',
    plant: (bytes, version) => ({
      bytes: Buffer.from(bytes.toString().replace(version, version.toUpperCase())),
      contentType: JSON_TYPE,
    }),
  },
  {
    name: 'a body with the right bytes and the wrong content type',
    id: 'r-3',
    variant: 'plain',
    plant: (bytes) => ({ bytes, contentType: 'application/octet-stream' }),
  },
  {
    name: 'a gzip body with the right bytes and no Content-Encoding',
    id: 'r-4',
    variant: 'gzip',
    plant: (bytes) => ({ bytes, contentType: JSON_TYPE }),
  },
];

for (const { name, id, variant, plant: planted } of CASES) {
  Repair(
    `${name} is uploaded again, and the follower switches to the snapshot`,
    async ({ server, local, follower }) => {
      const version = `v${id.slice(2)}x`;
      const previous = follower.gateway.follower.status().snapshot;
      await local.write(versionSpec(id, version));
      const { key, bytes } = await navigationObject(local.dist, variant);
      await plant(server, key, planted(bytes, version));

      const keysBefore = await storedKeys(server);
      const outcome = await publish(server, local.dist, 'site');
      const added = (await storedKeys(server)).filter((stored) => !keysBefore.includes(stored));
      // Uploaded: every object new to the bucket, the pointer, and the one that was there but wrong.
      assert.equal(
        [
          outcome.uploadedObjects,
          outcome.repairedObjects,
          outcome.skippedObjects,
          added.includes(key),
          outcome.snapshot,
          outcome.previous,
        ],
        [added.length + 2, 1, outcome.totalObjects - added.length - 2, false, id, previous],
      );
      const stored = await getObject(server.store, key);
      const head = await headObject(server.store, key);
      assert.equal(
        [stored.kind === 'found' && stored.bytes.equals(bytes), head?.contentType, head?.contentEncoding, head?.sha256],
        [true, JSON_TYPE, variant === 'gzip' ? 'gzip' : undefined, sha256Hex(bytes)],
      );

      await switchesTo(follower, id, version);
    },
  );
}

Repair(
  'an index truncated after a publish stopped before its pointer is uploaded again by the rerun',
  async ({ server, local, follower }) => {
    await local.write(versionSpec('r-5', 'five'));
    const stopped = await publish(server, local.dist, 'site', {
      beforePointer: () => Promise.reject(new Error('killed before the pointer')),
    }).catch((error: Error) => error.message);
    const key = 'site/snapshots/r-5/index.json.gz';
    const whole = await getObject(server.store, key);
    if (whole.kind !== 'found') throw new Error(`${key} missing after the stopped publish`);
    // Written by snapi's own put, so its sha256 metadata describes the truncated bytes: the size and digest still
    // betray it.
    await putObject(server.store, key, whole.bytes.subarray(0, whole.bytes.length - 1), {
      contentType: 'application/gzip',
      cacheControl: IMMUTABLE,
    });
    const lines: string[] = [];
    const code = await runPublishCommand(
      ['--dist', local.dist, '--to', 's3://snapi-test/site', '--endpoint', server.endpoint],
      {
        out: (line) => lines.push(line),
        error: (line) => lines.push(line),
        environment: process.env,
      },
    );
    const repaired = await getObject(server.store, key);
    const pointer = await getObject(server.store, 'site/current.json');
    const uploadedBytes = whole.bytes.length + (pointer.kind === 'found' ? pointer.bytes.length : 0);
    assert.equal(
      [stopped, code, repaired.kind === 'found' && repaired.bytes.equals(whole.bytes)],
      ['killed before the pointer', 0, true],
    );
    assert.equal(
      lines.map((line) =>
        line.replace(/skipped \d+ already stored, in [0-9.]+ s$/, 'skipped N already stored, in S s'),
      ),
      [
        `snapi publish: r-5 is current at s3://snapi-test/site (was r-4): uploaded 2 objects (${uploadedBytes} bytes), 1 of them replacing a wrong object in the bucket, skipped N already stored, in S s`,
      ],
    );
    await switchesTo(follower, 'r-5', 'five');
  },
);

Repair(
  'an object another tool stored with the right bytes and headers is trusted by its ETag, without sha256 metadata',
  async ({ server, local }) => {
    await local.write(versionSpec('r-6', 'six'));
    const { key, bytes } = await navigationObject(local.dist, 'plain');
    await plant(server, key, { bytes, contentType: JSON_TYPE });
    const outcome = await publish(server, local.dist, 'site');
    assert.equal([outcome.repairedObjects, (await headObject(server.store, key))?.sha256], [0, undefined]);
  },
);

Repair(
  'a body of the current snapshot overwritten in place with other bytes of its size is repaired by the next publish',
  async ({ server, local }) => {
    const home = async () => {
      const directory = join(local.dist, 'current');
      const file = readSnapshotIndex(directory).index.entries['content:live:/']?.file ?? '';
      const bytes = await readFile(join(directory, file));
      return { key: `site/bodies/${sha256Hex(bytes)}.json`, bytes };
    };
    const { key, bytes } = await home();
    await plant(server, key, {
      bytes: Buffer.from(bytes.toString().replace('home live', 'HOME LIVE')),
      contentType: JSON_TYPE,
    });
    await local.write(versionSpec('r-7', 'seven'));
    assert.is((await home()).key, key, 'the next snapshot shares the body');
    const outcome = await publish(server, local.dist, 'site');
    const stored = await getObject(server.store, key);
    assert.equal([outcome.repairedObjects, stored.kind === 'found' && stored.bytes.equals(bytes)], [1, true]);
    // A gateway that starts now has no copy of its own: it takes the snapshot only because the body was repaired.
    const fresh = await follow(server, 'site', 'repair-fresh');
    try {
      await switchesTo(fresh, 'r-7', 'seven');
    } finally {
      await fresh.close();
    }
  },
);

Repair(
  'publishing the current snapshot again checks its bodies and lists by the listing alone: a HEAD only for its own files',
  async ({ server, local }) => {
    const proxy = await startCutProxy(server.port);
    const client = createStoreClient({
      endpoint: proxy.endpoint,
      region: 'us-east-1',
      maxAttempts: 1,
      requestTimeoutMs: 5_000,
    });
    try {
      const outcome = await uploadSnapshot({
        dist: local.dist,
        store: { client, bucket: server.store.bucket },
        location: { bucket: server.store.bucket, prefix: 'site' },
      });
      const ownFiles = (await listObjects(server.store, 'site/snapshots/r-7/')).objects.length;
      assert.equal(
        [outcome.uploadedObjects, outcome.skippedObjects, proxy.headsForwarded()],
        [0, outcome.totalObjects, ownFiles],
      );
    } finally {
      client.destroy();
      await proxy.close();
    }
  },
);

Repair.run();
