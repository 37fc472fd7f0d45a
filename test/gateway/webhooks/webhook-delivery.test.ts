// Webhooks through a real gateway and a real receiver that verifies with `standardwebhooks`: one event per snapshot in
// history order with the feed's lists for the receiver's role, retried with the same id while the receiver is down,
// a hanging receiver never delaying a request, and nothing of the URL or the secret in the log.
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { startGateway } from '../../../gateway/http/server.ts';
import type { Gateway } from '../../../gateway/http/server.ts';
import { loadSnapshot } from '../../../gateway/snapshot/snapshot-loader.ts';
import { feedBetween } from '../../../gateway/changes/changes-endpoint.ts';
import { webhookId } from '../../../gateway/webhooks/signature.ts';
import { parseWebhookOptions } from '../../../gateway/webhooks/webhook-options.ts';
import { copyFixture, removeDir } from '../../helpers/fixture-site.ts';
import { startReceiver, TEST_SECRET } from './receiver.ts';
import { createGatewayMetrics } from '../../../gateway/metrics/gateway-metrics.ts';
import type { GatewayMetrics } from '../../../gateway/metrics/gateway-metrics.ts';
import type { TestReceiver } from './receiver.ts';

const test = suite('webhooks');

async function build(site: string, out: string): Promise<string> {
  const outcome = await buildSite({ site, out, baseUrl: 'http://localhost:8080', workers: 0 });
  assert.ok(outcome.ok, 'build failed');
  return outcome.published.id;
}

async function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Setup {
  site: string;
  out: string;
  state: string;
  receiver: TestReceiver;
  gateway: Gateway;
  log: string[];
}

async function setUp(retryBaseMs = 15, metrics?: GatewayMetrics): Promise<Setup> {
  const site = await copyFixture('site');
  const out = join(site, '..', 'dist');
  const state = join(site, '..', 'state');
  await mkdir(state);
  const secretFile = join(site, '..', 'indexer.secret');
  await writeFile(secretFile, `${TEST_SECRET}\n`);
  await build(site, out);
  const receiver = await startReceiver();
  const webhooks = parseWebhookOptions({
    webhook: [`indexer=${receiver.url}`],
    'webhook-role': ['indexer=editor'],
    'webhook-secret-file': [`indexer=${secretFile}`],
    state,
  });
  const log: string[] = [];
  const gateway = await startGateway({
    dist: out,
    port: 0,
    host: '127.0.0.1',
    pollMs: 30,
    log: (line) => log.push(line),
    ...(webhooks ? { webhooks } : {}),
    ...(metrics ? { metrics } : {}),
    webhookRetryBaseMs: retryBaseMs,
  });
  return { site, out, state, receiver, gateway, log };
}

async function tearDown(setup: Setup): Promise<void> {
  await setup.gateway.close();
  await setup.receiver.close();
  await removeDir(join(setup.site, '..'));
}

test('every snapshot once, in order, with the feed of the role; retried with the same id while down', async () => {
  const setup = await setUp();
  const { site, out, receiver, gateway } = setup;
  try {
    await receiver.waitFor(1, 10_000);
    const first = gateway.snapshotId();
    assert.equal(receiver.delivered[0], {
      id: webhookId('indexer', first),
      body: {
        type: 'snapshot.served',
        timestamp: receiver.delivered[0]?.body.timestamp as string,
        data: {
          previous: null,
          current: first,
          urls: { added: [], changed: [], removed: [] },
          slugs: { added: [], changed: [], removed: [] },
          endpoints: [],
        },
      },
    });
    receiver.mode = 'down';
    const ids = [first];
    await appendFile(join(site, 'content', '06-contact.md'), '\nEdited once.\n');
    ids.push(await build(site, out));
    await writeFile(join(site, 'content', '09-added.md'), '# Added\n\nA new page.\n');
    ids.push(await build(site, out));
    await waitUntil(() => gateway.snapshotId() === ids[2], 10_000, 'the gateway to serve the third snapshot');
    await waitUntil(() => receiver.attempts.length >= 4, 10_000, 'three failed attempts');
    receiver.mode = 'up';
    await receiver.waitFor(3, 10_000);
    assert.equal(
      receiver.delivered.map((delivery) => delivery.id),
      ids.map((id) => webhookId('indexer', id)),
    );
    assert.ok(receiver.attempts.slice(1, -1).every((id) => id === webhookId('indexer', ids[1] as string)));
    const served = (await loadSnapshot(out, { lookup: async () => [] })).snapshot;
    for (const position of [1, 2]) {
      const lists = await feedBetween(served, ids[position - 1] as string, ids[position] as string, { role: 'editor' });
      assert.equal(receiver.delivered[position]?.body.data, {
        previous: ids[position - 1],
        current: ids[position],
        ...lists,
      });
    }
    assert.equal((receiver.delivered[2]?.body.data.urls as { added: string[] } | undefined)?.added, ['/added']);
    assert.is(receiver.refused, 0);
    const logged = setup.log.join('\n');
    assert.ok(logged.includes('"webhook-retry"'), 'retries are logged');
    assert.not.ok(logged.includes('capability-abc123'), 'the URL never reaches the log');
    assert.not.ok(logged.includes(TEST_SECRET.slice(6, 20)), 'the secret never reaches the log');
    const health = (await (await fetch(`${gateway.url}/healthz`)).json()) as { webhooks: unknown };
    assert.equal(health.webhooks, {
      indexer: { role: 'editor', delivered: ids[2], failing: null, gaveUp: 0 },
    });
    const state = JSON.parse(await readFile(join(setup.state, 'webhooks', 'indexer.json'), 'utf8'));
    assert.is(state.delivered, ids[2]);
  } finally {
    await tearDown(setup);
  }
});

test('a hanging receiver delays neither the swap nor a request', async () => {
  const setup = await setUp();
  const { site, out, receiver, gateway } = setup;
  try {
    await receiver.waitFor(1, 10_000);
    receiver.mode = 'hang';
    await appendFile(join(site, 'content', '06-contact.md'), '\nEdited while the receiver hangs.\n');
    const next = await build(site, out);
    await waitUntil(() => gateway.snapshotId() === next, 5_000, 'the swap');
    await waitUntil(() => receiver.attempts.length === 2, 5_000, 'the hanging attempt');
    const started = performance.now();
    const answer = await fetch(`${gateway.url}/healthz`);
    const elapsed = performance.now() - started;
    assert.is(answer.status, 200);
    assert.ok(elapsed < 500, `healthz took ${elapsed} ms beside a hanging delivery`);
    assert.is(((await answer.json()) as { snapshot: string }).snapshot, next);
  } finally {
    await tearDown(setup);
  }
});

test('past the retry window an event is given up: logged, counted in /healthz, and the next one is sent', async () => {
  // A 1 ms base makes the window (3,600 times the base) 3.6 s.
  const setup = await setUp(1);
  const { site, out, receiver, gateway } = setup;
  try {
    await receiver.waitFor(1, 10_000);
    receiver.mode = 'down';
    await appendFile(join(site, 'content', '06-contact.md'), '\nNever delivered.\n');
    const lost = await build(site, out);
    await waitUntil(() => setup.log.some((line) => line.includes('"webhook-gave-up"')), 15_000, 'the give-up');
    const health = (await (await fetch(`${gateway.url}/healthz`)).json()) as { webhooks: Record<string, unknown> };
    assert.equal(health.webhooks.indexer, {
      role: 'editor',
      delivered: lost,
      failing: null,
      gaveUp: 1,
      lastGaveUp: lost,
    });
    receiver.mode = 'up';
    await appendFile(join(site, 'content', '06-contact.md'), '\nDelivered.\n');
    const next = await build(site, out);
    await receiver.waitFor(2, 10_000);
    assert.equal(
      receiver.delivered.map((delivery) => delivery.body.data.current),
      [receiver.delivered[0]?.body.data.current, next],
    );
    assert.is(receiver.delivered[1]?.body.data.previous, lost);
  } finally {
    await tearDown(setup);
  }
});

test('bad webhook options are one-line usage errors that name the receiver, never its URL', () => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [
      { webhook: ['a=https://x.example/secret-path'] },
      'gateway: --webhook needs --state DIR, where pending deliveries are kept',
    ],
    [
      { webhook: ['a=http://x.example/secret-path'], state: '/tmp' },
      'gateway: --webhook a: the URL must be https (http only on loopback)',
    ],
    [
      { webhook: ['a=https://x.example/secret-path'], state: '/tmp' },
      'gateway: --webhook a needs --webhook-secret-file a=PATH',
    ],
    [
      { webhook: ['a=https://x.example/secret-path'], 'webhook-role': ['a=guest'], state: '/tmp' },
      'gateway: --webhook-role a: "guest" is not a role from member to administrator',
    ],
    [
      { 'webhook-role': ['b=editor'], webhook: ['a=https://x.example/p'], state: '/tmp' },
      'gateway: --webhook-role names b, which no --webhook configures',
    ],
  ];
  for (const [values, message] of cases)
    assert.throws(
      () => parseWebhookOptions(values),
      (error: Error) => error.message === message,
    );
  assert.is(parseWebhookOptions({}), undefined);
});

test('the webhook queue on /metrics: events waiting while the receiver is down, then delivered, with retries', async () => {
  const metrics = createGatewayMetrics();
  const setup = await setUp(15, metrics);
  const { site, out, receiver, gateway } = setup;
  const sample = async (name: string) => {
    const line = (await metrics.registry.metrics()).split('\n').find((text) => text.startsWith(`${name} `));
    return Number(line?.slice(name.length + 1));
  };
  try {
    await receiver.waitFor(1, 10_000);
    receiver.mode = 'down';
    await appendFile(join(site, 'content', '06-contact.md'), '\nEdited once.\n');
    await build(site, out);
    await writeFile(join(site, 'content', '09-added.md'), '# Added\n\nA new page.\n');
    const last = await build(site, out);
    await waitUntil(() => gateway.snapshotId() === last, 10_000, 'the gateway to serve the last snapshot');
    const waitingFor = 2;
    const deadline = Date.now() + 10_000;
    while ((await sample('snapi_webhook_pending_events')) !== waitingFor && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(
      [await sample('snapi_webhook_pending_events'), await sample('snapi_webhook_delivered_total')],
      [waitingFor, 1],
    );
    assert.ok((await sample('snapi_webhook_retries_total')) >= 1, 'failed attempts are counted as retries');
    receiver.mode = 'up';
    await receiver.waitFor(1 + waitingFor, 10_000);
    await waitUntil(
      () => setup.log.filter((line) => line.includes('"webhook-delivered"')).length === 1 + waitingFor,
      10_000,
      'the delivered lines',
    );
    assert.equal(
      [
        await sample('snapi_webhook_pending_events'),
        await sample('snapi_webhook_delivered_total'),
        await sample('snapi_webhook_given_up_total'),
      ],
      [0, 1 + waitingFor, 0],
    );
  } finally {
    await tearDown(setup);
  }
});

test.run();
