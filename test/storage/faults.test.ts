// Faults between store and gateway: a store that stops mid-download or stalls, a corrupt body, a publish stopped before
// its pointer, a pointer that is no snapshot or of a newer format. The gateway keeps its snapshot, logs one event, and
// catches up.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { getObject, putObject } from '../../storage/store-objects.ts';
import { sha256Hex } from '../../storage/remote-layout.ts';
import { readSnapshotIndex } from '../../generator/write/read-snapshot-index.ts';
import { send } from '../gateway/http-client.ts';
import { BODIES } from '../gateway/fixture.ts';
import { startS3Server } from './s3-server.ts';
import type { S3Server } from './s3-server.ts';
import { startCutProxy } from './cut-proxy.ts';
import type { CutProxy } from './cut-proxy.ts';
import { watchChild } from '../helpers/child-bound.ts';
import {
  EDITOR,
  NAVIGATION_PATH,
  eventsOf,
  follow,
  localDist,
  navigationOf,
  publish,
  versionSpec,
  waitFor,
} from './storage-fixture.ts';
import type { Follower, LocalDist } from './storage-fixture.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Context {
  server: S3Server;
  proxy: CutProxy;
  local: LocalDist;
  follower: Follower;
}

const navigation = async (follower: Follower) =>
  (await send(follower.gateway.url, NAVIGATION_PATH, { headers: EDITOR })).text;
const errorsOf = (follower: Follower) => eventsOf(follower.logs, 'follow-error').map((event) => event.reason);

/** A snapshot with many more bodies, so a download takes many requests. */
function biggerSpec(id: string, version: string) {
  const extra = Object.fromEntries(
    Array.from({ length: 60 }, (_, position) => [
      `content:live:/extra-${position}`,
      { json: `{"content":[{"fixture":"extra ${position} of ${version} ${'x'.repeat(2000)}"}]}` },
    ]),
  );
  return versionSpec(id, version, {
    bodies: { ...BODIES, ...extra, 'navigation:live': { json: navigationOf(version) } },
  });
}

async function navigationKey(dist: string, prefix: string): Promise<{ key: string; bytes: Buffer }> {
  const directory = join(dist, 'current');
  const index = readSnapshotIndex(directory).index;
  const file = index.entries['navigation:live']?.file ?? '';
  const bytes = await readFile(join(directory, file));
  return { key: `${prefix}/bodies/${sha256Hex(bytes)}.json`, bytes };
}

const Faults = suite<Context>('store faults');

Faults.before(async (context) => {
  context.server = await startS3Server('faults');
  context.proxy = await startCutProxy(context.server.port);
  context.local = await localDist('faults');
  await context.local.write(versionSpec('k-1', 'one'));
  await publish(context.server, context.local.dist, 'site');
  context.follower = await follow(context.server, 'site', 'faults', {
    endpoint: context.proxy.endpoint,
    requestTimeoutMs: 1_000,
  });
  await context.follower.gateway.follower.checkNow();
});
Faults.after(async ({ server, proxy, local, follower }) => {
  await follower.close();
  await proxy.close();
  await server.remove();
  await local.remove();
});

Faults(
  'the store stopping mid-download: keeps serving, logs one event, resumes with what it already verified',
  async ({ server, proxy, local, follower }) => {
    assert.is(await navigation(follower), navigationOf('one'));
    await local.write(biggerSpec('k-2', 'two'));
    await publish(server, local.dist, 'site');
    proxy.cutAfter(40_000);
    await follower.gateway.follower.checkNow();
    const served = await navigation(follower);
    const status = follower.gateway.follower.status();
    assert.equal(
      [served, status.snapshot, errorsOf(follower).length, typeof status.error],
      [navigationOf('one'), 'k-1', 1, 'string'],
    );
    // Retries during the outage fail the same way and log nothing new.
    await waitFor(
      () => follower.logs.filter((line) => line.event === undefined && line.status === 200).length >= 1,
      'a request log line',
    );
    proxy.restore();
    // The follower logs once it has switched and pruned; the gateway's own watch may load the snapshot a moment
    // earlier.
    await waitFor(() => eventsOf(follower.logs, 'follow-recovered').length === 1, 'recovery after the store returned');
    const switched = eventsOf(follower.logs, 'follow-switched').at(-1) ?? {};
    assert.equal(
      [
        await navigation(follower),
        switched.snapshot,
        (switched.reusedObjects as number) > 0,
        errorsOf(follower).length,
      ],
      [navigationOf('two'), 'k-2', true, 1],
    );
  },
);

Faults(
  'the store process stopping and starting again: the gateway keeps serving, then follows the next publish',
  async ({ server, local, follower }) => {
    await server.stop();
    const before = errorsOf(follower).length;
    await follower.gateway.follower.checkNow();
    const whileDown = [
      await navigation(follower),
      errorsOf(follower).length - before,
      follower.gateway.follower.status().snapshot,
    ];
    await server.restart();
    await local.write(versionSpec('k-2b', 'two-b'));
    await publish(server, local.dist, 'site');
    // Polls are a minute apart here: ask, until the retries after the outage have settled.
    await waitFor(
      async () => (await follower.gateway.follower.checkNow(), await navigation(follower)) === navigationOf('two-b'),
      'the snapshot published after the restart',
    );
    assert.equal(whileDown, [navigationOf('two'), 1, 'k-2']);
  },
);

Faults(
  'a slow store times out, the old snapshot stays, and it catches up when the store answers again',
  async ({ server, proxy, local, follower }) => {
    await local.write(versionSpec('k-3', 'three'));
    await publish(server, local.dist, 'site');
    proxy.stall();
    await follower.gateway.follower.checkNow();
    assert.equal(
      [await navigation(follower), follower.gateway.follower.status().error],
      [navigationOf('two-b'), 's3://snapi-test/site: the store did not answer in time'],
    );
    proxy.restore();
    await waitFor(async () => (await navigation(follower)) === navigationOf('three'), 'the snapshot after the stall');
  },
);

Faults(
  'a corrupt body object is refused by its digest: the old snapshot stays until the object is right',
  async ({ server, local, follower }) => {
    await local.write(versionSpec('k-4', 'four'));
    await publish(server, local.dist, 'site');
    const { key, bytes } = await navigationKey(local.dist, 'site');
    const corrupt = Buffer.from(bytes.toString().replace('four', 'FOUR'));
    await putObject(server.store, key, corrupt, { contentType: 'application/json', cacheControl: 'no-cache' });
    const before = errorsOf(follower).length;
    const counted = follower.gateway.follower.counters();
    await follower.gateway.follower.checkNow();
    assert.equal(
      [await navigation(follower), errorsOf(follower).slice(before)],
      [navigationOf('three'), [`s3://snapi-test/${key} does not match its digest (corrupt or partly written)`]],
    );
    // The metrics count the refused object; bytes count once the snapshot is synced.
    assert.is(follower.gateway.follower.counters().verificationFailures, counted.verificationFailures + 1);
    await putObject(server.store, key, bytes, { contentType: 'application/json', cacheControl: 'no-cache' });
    await waitFor(
      async () => (await navigation(follower)) === navigationOf('four'),
      'the snapshot once the body is right',
    );
    const synced = follower.gateway.follower.counters();
    assert.ok(synced.downloadedBytes > counted.downloadedBytes, 'downloaded bytes grew');
    assert.ok((synced.lastSuccessMs ?? 0) >= (counted.lastSuccessMs ?? 0));
  },
);

Faults(
  'a publish stopped between bodies and pointer leaves gateways on the old snapshot; running it again finishes it',
  async ({ server, local, follower }) => {
    await local.write(versionSpec('k-5', 'five'));
    const stopped = await publish(server, local.dist, 'site', {
      beforePointer: () => Promise.reject(new Error('killed before the pointer')),
    }).catch((error: Error) => error.message);
    const pointer = await getObject(server.store, 'site/current.json');
    await follower.gateway.follower.checkNow();
    assert.equal(
      [stopped, pointer.kind === 'found' && JSON.parse(pointer.bytes.toString()).snapshot, await navigation(follower)],
      ['killed before the pointer', 'k-4', navigationOf('four')],
    );
    const rerun = await publish(server, local.dist, 'site');
    assert.equal([rerun.uploadedObjects, rerun.previous, rerun.snapshot], [1, 'k-4', 'k-5']);
    await follower.gateway.follower.checkNow();
    assert.is(await navigation(follower), navigationOf('five'));
  },
);

Faults(
  'a publish process killed mid-upload leaves the pointer and the gateways alone; running it again finishes it',
  async ({ server, proxy, local, follower }) => {
    await local.write(biggerSpec('k-6', 'six'));
    proxy.holdPutsAfter(10);
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'generator/cli/publish.ts',
        '--dist',
        local.dist,
        '--to',
        's3://snapi-test/site',
        '--endpoint',
        proxy.endpoint,
      ],
      {
        cwd: ROOT,
        stdio: 'ignore',
      },
    );
    const exited = new Promise((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // Bounded by the publish's own progress, not the wall clock (test/helpers/child-bound.ts).
    const watch = watchChild(child);
    while (proxy.putsForwarded() < 10) {
      if (watch.expired !== undefined || child.exitCode !== null)
        throw new Error(
          `the publish uploaded ${proxy.putsForwarded()} bodies, not 10: it ${watch.expired ?? 'exited'}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    watch.stop();
    child.kill('SIGKILL');
    const signal = await exited;
    proxy.restore();
    const pointer = await getObject(server.store, 'site/current.json');
    await follower.gateway.follower.checkNow();
    assert.equal(
      [signal, pointer.kind === 'found' && JSON.parse(pointer.bytes.toString()).snapshot, await navigation(follower)],
      ['SIGKILL', 'k-5', navigationOf('five')],
    );
    const rerun = await publish(server, local.dist, 'site');
    assert.equal([rerun.skippedObjects >= 10, rerun.snapshot, rerun.previous], [true, 'k-6', 'k-5']);
    await follower.gateway.follower.checkNow();
    assert.is(await navigation(follower), navigationOf('six'));
  },
);

Faults(
  'a pointer of a newer format, or one that is not a pointer, keeps the old snapshot with one event each',
  async ({ server, follower }) => {
    const pointer = await getObject(server.store, 'site/current.json');
    if (pointer.kind !== 'found') throw new Error('no pointer');
    const json = { contentType: 'application/json', cacheControl: 'no-cache' };
    const before = errorsOf(follower).length;
    await putObject(server.store, 'site/current.json', Buffer.from('{"format":3,"snapshot":"k-9"}'), json);
    await follower.gateway.follower.checkNow();
    await putObject(server.store, 'site/current.json', Buffer.from('<html>not a pointer</html>'), json);
    await follower.gateway.follower.checkNow();
    await follower.gateway.follower.checkNow();
    assert.equal(
      [await navigation(follower), errorsOf(follower).slice(before)],
      [
        navigationOf('six'),
        [
          's3://snapi-test/site/current.json has format 3, newer than this snapi reads (2): upgrade snapi',
          's3://snapi-test/site/current.json is not JSON: it is not a snapi snapshot pointer',
        ],
      ],
    );
    await putObject(server.store, 'site/current.json', pointer.bytes, json);
    await follower.gateway.follower.checkNow();
    assert.is(follower.gateway.follower.status().error, null);
  },
);

Faults.run();
