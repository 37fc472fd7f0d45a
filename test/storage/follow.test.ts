// Gateways following a bucket: 503 before the first snapshot, two gateways switching together, polling, and /healthz
// lag.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { send } from '../gateway/http-client.ts';
import { NO_SNAPSHOT_MESSAGE } from '../../gateway/follow/waiting-reply.ts';
import { loadSchemaValidators } from '../product/openapi-schemas.ts';
import { publishSnapshot } from '../gateway/make-snapshot.ts';
import { startS3Server } from './s3-server.ts';
import type { S3Server } from './s3-server.ts';
import {
  EDITOR,
  NAVIGATION_PATH,
  changedShards,
  currentBodies,
  eventsOf,
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
  /** The bodies of f-1 and f-2, for counting what a follower downloads. */
  bodies: Array<Awaited<ReturnType<typeof currentBodies>>>;
  first: Follower;
  second: Follower;
}

const navigation = async (follower: Follower) => {
  const response = await send(follower.gateway.url, NAVIGATION_PATH, { headers: EDITOR });
  return [response.status, response.text];
};

const Follow = suite<Context>('gateways following a bucket');

Follow.before(async (context) => {
  context.server = await startS3Server('follow');
  context.local = await localDist('follow');
});
Follow.after(async ({ server, local, first, second }) => {
  await first?.close();
  await second?.close();
  await server.remove();
  await local.remove();
});

Follow(
  'a gateway that never had a snapshot answers 503 with a JSON message, and /healthz says why',
  async (context) => {
    context.first = await startFollowerWaiting(context);
    const api = await send(context.first.gateway.url, NAVIGATION_PATH, { headers: EDITOR });
    const health = await send(context.first.gateway.url, '/healthz');
    const follow = (JSON.parse(health.text) as { follow: Record<string, unknown> }).follow;
    assert.equal(
      [api.status, api.headers['retry-after'], JSON.parse(api.text)],
      [503, '5', { message: NO_SNAPSHOT_MESSAGE }],
    );
    assert.equal(
      [health.status, JSON.parse(health.text)],
      [
        503,
        {
          status: 'waiting',
          message: NO_SNAPSHOT_MESSAGE,
          follow: {
            ...follow,
            source: 's3://snapi-test/site',
            snapshot: null,
            lastSuccess: null,
            lagSeconds: null,
            error: 's3://snapi-test/site: no snapshot published yet (no site/current.json)',
          },
        },
      ],
    );
    assert.type(follow.lastCheck, 'string');
    assert.ok((await loadSchemaValidators()).component('HealthWaiting')(JSON.parse(health.text)), health.text);
  },
);

async function startFollowerWaiting({ server }: Context): Promise<Follower> {
  const follower = await follow(server, 'site', 'first');
  await waitFor(() => follower.gateway.follower.status().error !== null, 'the first check');
  return follower;
}

Follow('serves the first snapshot once it is published', async (context) => {
  const { server, local, first } = context;
  await local.write(versionSpec('f-1', 'one'));
  context.bodies = [await currentBodies(local.dist)];
  await publish(server, local.dist, 'site');
  await first.gateway.follower.checkNow();
  assert.equal(await navigation(first), [200, navigationOf('one')]);
  assert.equal(eventsOf(first.logs, 'follow-recovered').length, 1);
});

Follow('a second gateway follows the same bucket, and both switch to a new snapshot', async (context) => {
  const { server, local, first } = context;
  context.second = await follow(server, 'site', 'second');
  const { second } = context;
  await second.gateway.follower.checkNow();
  assert.equal(await navigation(second), [200, navigationOf('one')]);
  await local.write(versionSpec('f-2', 'two'));
  context.bodies.push(await currentBodies(local.dist));
  await publish(server, local.dist, 'site');
  await Promise.all([first.gateway.follower.checkNow(), second.gateway.follower.checkNow()]);
  assert.equal(
    [await navigation(first), await navigation(second)],
    [
      [200, navigationOf('two')],
      [200, navigationOf('two')],
    ],
  );
  assert.equal([first.gateway.snapshotId(), second.gateway.snapshotId()], ['f-2', 'f-2']);
});

Follow('a new snapshot downloads only the bodies and body lists the cache lacks', async ({ first, bodies }) => {
  const switched = eventsOf(first.logs, 'follow-switched').map(
    ({ snapshot, previous, downloadedObjects, reusedObjects }) => ({
      snapshot,
      previous,
      downloadedObjects,
      reusedObjects,
    }),
  );
  const [one, two] = bodies;
  if (one === undefined || two === undefined) throw new Error('the earlier tests did not run');
  assert.is(changedShards(one, two).length, 1);
  // Manifest, index and accounts each time; f-2 changed one body (three variants), the index shard naming it and the
  // one new list that names them; the first list is kept.
  assert.equal(switched, [
    { snapshot: 'f-1', previous: null, downloadedObjects: one.files.length + one.lists + 3, reusedObjects: 0 },
    {
      snapshot: 'f-2',
      previous: 'f-1',
      downloadedObjects: 3 + 1 + 1 + 3,
      reusedObjects: two.files.length - 3 - 1 + one.lists,
    },
  ]);
});

Follow('/healthz reports the snapshot and the follow status with its lag', async ({ first }) => {
  const text = (await send(first.gateway.url, '/healthz')).text;
  const health = JSON.parse(text) as Record<string, unknown> & { follow: Record<string, unknown> };
  assert.ok((await loadSchemaValidators()).component('Health')(health), text);
  assert.equal(
    [
      health.status,
      health.snapshot,
      { ...health.follow, lastCheck: typeof health.follow.lastCheck, lastSuccess: typeof health.follow.lastSuccess },
    ],
    [
      'ok',
      'f-2',
      {
        source: 's3://snapi-test/site',
        snapshot: 'f-2',
        lastCheck: 'string',
        lastSuccess: 'string',
        lagSeconds: 0,
        error: null,
      },
    ],
  );
});

Follow('polling notices a new snapshot without being asked', async ({ server, local }) => {
  const polling = await follow(server, 'site', 'polling', { pollSeconds: 0.1 });
  try {
    await waitFor(async () => (await navigation(polling))[1] === navigationOf('two'), 'the current snapshot');
    await local.write(versionSpec('f-3', 'three'));
    await publish(server, local.dist, 'site');
    await waitFor(
      async () => (await navigation(polling))[1] === navigationOf('three'),
      'the snapshot published after start',
    );
    assert.is(polling.gateway.snapshotId(), 'f-3');
  } finally {
    await polling.close();
  }
});

Follow(
  'rolling back: publishing the previous snapshot again costs one pointer and no download',
  async ({ server, local, first }) => {
    await first.gateway.follower.checkNow();
    assert.is(first.gateway.snapshotId(), 'f-3');
    await publishSnapshot(local.dist, 'f-2');
    const outcome = await publish(server, local.dist, 'site');
    await first.gateway.follower.checkNow();
    const switched = eventsOf(first.logs, 'follow-switched').at(-1) ?? {};
    assert.equal(
      [
        outcome.uploadedObjects,
        outcome.previous,
        switched.snapshot,
        switched.downloadedObjects,
        await navigation(first),
      ],
      [1, 'f-3', 'f-2', 0, [200, navigationOf('two')]],
    );
  },
);

Follow.run();
