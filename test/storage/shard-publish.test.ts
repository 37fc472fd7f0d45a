// A one-page change of a built snapshot, uploaded to a real S3-compatible server and followed: the PUTs are the new
// body, the one index shard naming it, one new body list naming just those, the snapshot files, manifest and pointer;
// the follower downloads the same and nothing else.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { gunzipSync } from 'node:zlib';
import { parsePointer, remoteKey, sha256Hex } from '../../storage/remote-layout.ts';
import { getObject } from '../../storage/store-objects.ts';
import { contentHash } from '../../contract/etag.ts';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { readSnapshotIndex } from '../../generator/write/read-snapshot-index.ts';
import { syncSnapshot } from '../../gateway/follow/sync-snapshot.ts';
import { snapshotFolder } from '../../gateway/follow/cache-folder.ts';
import { makeTempDist } from '../gateway/make-snapshot.ts';
import { ENTRIES, SHARDS, publishPages } from '../helpers/many-pages.ts';
import { startS3Server } from './s3-server.ts';
import type { S3Server } from './s3-server.ts';
import { publish } from './storage-fixture.ts';

interface Context {
  server: S3Server;
  dist: string;
  cache: string;
  puts: string[];
}

const PREFIX = 'pages';
const Sharded = suite<Context>('a one-page change of a sharded snapshot in object storage');

Sharded.before(async (context) => {
  context.server = await startS3Server('shard-publish');
  context.dist = await makeTempDist('shard-publish');
  context.cache = await makeTempDist('shard-follow');
  context.puts = [];
  const { client } = context.server.store;
  const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
  (client as { send: (command: unknown) => Promise<unknown> }).send = (command) => {
    if (command instanceof PutObjectCommand) context.puts.push(command.input.Key ?? '');
    return send(command);
  };
});
Sharded.after(async ({ server, dist, cache }) => {
  await server.remove();
  await rm(dist, { recursive: true, force: true });
  await rm(cache, { recursive: true, force: true });
});

async function follow({ server, cache }: Context) {
  const fetched = await getObject(server.store, remoteKey.pointer(PREFIX));
  if (fetched.kind !== 'found') throw new Error('no pointer');
  const pointer = parsePointer(fetched.bytes.toString('utf8'), 'pointer');
  return syncSnapshot({ store: server.store, prefix: PREFIX, cacheDir: cache, pointer });
}

const shardFiles = (dist: string) =>
  readSnapshotIndex(join(dist, DIST_LAYOUT.currentLink)).shards.map(({ file }) => file);
const bodyKey = async (dist: string, file: string) =>
  remoteKey.body(PREFIX, file, sha256Hex(await readFile(join(dist, DIST_LAYOUT.currentLink, file))));

Sharded(
  'uploads only the new body, the touched shard and the history delta, and the follower downloads only those',
  async (context) => {
    const { server, dist } = context;
    await publishPages(dist);
    const first = await publish(server, dist, PREFIX);
    // Every body and shard, one list naming them all, 3 snapshot files, manifest and pointer.
    const lists = context.puts.filter((key) => key.startsWith(remoteKey.listsDir(PREFIX))).length;
    assert.equal([first.uploadedObjects, lists], [ENTRIES + SHARDS + 1 + 5, 1]);
    assert.is((await follow(context)).downloadedObjects, ENTRIES + SHARDS + 1 + 4);

    const shardsBefore = shardFiles(dist);
    context.puts.length = 0;
    const body = '{"edited":"one page"}';
    await publishPages(dist, { 'content:live:/page-7': body });
    const shardsAfter = shardFiles(dist);
    const newShards = shardsAfter.filter((file) => !shardsBefore.includes(file));
    const oldShards = shardsBefore.filter((file) => !shardsAfter.includes(file));
    assert.equal([newShards.length, oldShards.length], [1, 1]);
    const newBody = `${DIST_LAYOUT.bodiesDir}/${contentHash(body)}.json`;
    const oldBody = `${DIST_LAYOUT.bodiesDir}/${contentHash(JSON.stringify({ prefix: 'content:live', page: 7 }))}.json`;
    const delta = readSnapshotIndex(join(dist, DIST_LAYOUT.currentLink)).index.history?.recent.at(-1)?.delta ?? '';
    const second = await publish(server, dist, PREFIX);
    const puts = (folder: string) => context.puts.filter((key) => key.startsWith(folder)).sort();
    const expectedBodies = await Promise.all([newBody, delta, ...newShards].map((file) => bodyKey(dist, file)));
    assert.equal(puts(remoteKey.bodiesDir(PREFIX)), expectedBodies.sort());
    // The list kept from the first upload still names the old body and shard; the new one names only the new files.
    const [newList, ...otherLists] = puts(remoteKey.listsDir(PREFIX));
    const stored = await getObject(server.store, newList ?? '');
    if (stored.kind !== 'found') throw new Error('the new list is missing');
    const listed = Object.keys(JSON.parse(gunzipSync(stored.bytes).toString('utf8')) as object).sort();
    assert.equal([listed, otherLists], [[newBody, delta, ...newShards].sort(), []]);
    assert.is(puts(remoteKey.snapshotsDir(PREFIX)).length, 4);
    assert.equal([second.uploadedObjects, context.puts.length], [3 + 1 + 5, 3 + 1 + 5]);
    // The follower places what the index names: the old body and shard, still listed, are neither fetched nor linked.
    const followed = await follow(context);
    assert.equal([followed.downloadedObjects, followed.reusedObjects], [3 + 1 + 4, ENTRIES + SHARDS - 2 + 1]);
    const placed = (file: string) => existsSync(join(snapshotFolder(context.cache, second.snapshot), file));
    assert.equal([oldBody, ...oldShards, newBody].map(placed), [false, false, true]);
  },
);

Sharded.run();
