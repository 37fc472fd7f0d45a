// The change feed and the webhooks behind `serve --from`: two gateways following one bucket answer the feed byte for
// byte as the local gateway does, and send the same events with the same webhook-ids (receivers drop duplicates),
// the events of snapshots a follower swapped past included.
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { startGateway } from '../../gateway/http/server.ts';
import { startFollowingGateway } from '../../gateway/follow/serve-from.ts';
import { parseWebhookOptions } from '../../gateway/webhooks/webhook-options.ts';
import { webhookId } from '../../gateway/webhooks/signature.ts';
import { copyFixture, removeDir } from '../helpers/fixture-site.ts';
import { startReceiver, TEST_SECRET } from '../gateway/webhooks/receiver.ts';
import { publish, waitFor } from './storage-fixture.ts';
import { startS3Server } from './s3-server.ts';

const test = suite('feed and webhooks behind serve --from');
const ADMIN = { Authorization: `Basic ${Buffer.from('admin:fixture-admin').toString('base64')}` };

test('followers answer the local feed byte for byte and send the same webhook ids', async () => {
  const server = await startS3Server('feed');
  const site = await copyFixture('site');
  const folder = join(site, '..');
  const out = join(folder, 'dist');
  const receiver = await startReceiver();
  await writeFile(join(folder, 'secret'), TEST_SECRET);
  const webhooksIn = async (name: string) => {
    const state = join(folder, `state-${name}`);
    await mkdir(state);
    const settings = parseWebhookOptions({
      webhook: [`cms=${receiver.url}`],
      'webhook-secret-file': [`cms=${join(folder, 'secret')}`],
      state,
    });
    return settings === undefined ? {} : { webhooks: settings, webhookRetryBaseMs: 20 };
  };
  const ids: string[] = [];
  const build = async () => {
    const outcome = await buildSite({ site, out, baseUrl: 'http://localhost:8080', workers: 0 });
    assert.ok(outcome.ok);
    ids.push(outcome.published.id);
    await publish(server, out, 'docs');
  };
  await build();
  const quiet = { port: 0, host: '127.0.0.1', log: () => {}, pollMs: 30 };
  const local = await startGateway({ ...quiet, dist: out });
  const followers = await Promise.all(
    ['one', 'two'].map(async (name) =>
      startFollowingGateway({
        ...quiet,
        from: `s3://${server.store.bucket}/docs`,
        endpoint: server.endpoint,
        region: 'us-east-1',
        cacheDir: join(folder, `cache-${name}`),
        pollSeconds: 0.1,
        ...(await webhooksIn(name)),
      }),
    ),
  );
  try {
    await waitFor(() => followers.every((follower) => follower.snapshotId() === ids[0]), 'the first snapshot', 15_000);
    await appendFile(join(site, 'content', '06-contact.md'), '\nEdited.\n');
    await build();
    await writeFile(join(site, 'content', '09-added.md'), '# Added\n');
    await build();
    await waitFor(
      () => followers.every((follower) => follower.snapshotId() === ids[2]),
      'both followers on the last snapshot',
      15_000,
    );
    await local.reload();
    for (const since of ids) {
      const answers = await Promise.all(
        [local, ...followers].map(async (gateway) =>
          (await fetch(`${gateway.url}/api/v1/changes?since=${since}`, { headers: ADMIN })).text(),
        ),
      );
      assert.is(answers[1], answers[0], `follower one, since ${since}`);
      assert.is(answers[2], answers[0], `follower two, since ${since}`);
    }
    // Each follower sends every snapshot's event from the first one it served: the same ids, each twice.
    await waitFor(() => receiver.delivered.length === 6, 'three events from each follower', 15_000);
    const received = receiver.delivered.map((delivery) => delivery.id).sort();
    assert.equal(received, ids.flatMap((id) => [webhookId('cms', id), webhookId('cms', id)]).sort());
  } finally {
    await Promise.all(followers.map((follower) => follower.close()));
    await local.close();
    await receiver.close();
    await server.remove();
    await removeDir(folder);
  }
});

test.run();
