// `snapi rollback`: a new snapshot serving the earlier one's answers, a new history entry whose feed names what the
// rollback changed (for an administrator and a member, over HTTP), one webhook event with its own id, and clear errors.
import { appendFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { readSnapshotIndex } from '../../../generator/write/read-snapshot-index.ts';
import { startGateway } from '../../../gateway/http/server.ts';
import type { Gateway } from '../../../gateway/http/server.ts';
import { webhookId } from '../../../gateway/webhooks/signature.ts';
import { parseWebhookOptions } from '../../../gateway/webhooks/webhook-options.ts';
import { copyFixture, removeDir } from '../../helpers/fixture-site.ts';
import { ROOT, runProcess } from '../../helpers/run-process.ts';
import { startReceiver, TEST_SECRET } from '../../gateway/webhooks/receiver.ts';
import type { TestReceiver } from '../../gateway/webhooks/receiver.ts';

const test = suite('snapi rollback');
const ROLLBACK = join(ROOT, 'generator', 'build', 'rollback.mjs');
const context = {} as { site: string; out: string; gateway: Gateway; receiver: TestReceiver; ids: string[] };

const basic = (user: string) => `Basic ${Buffer.from(`${user}:fixture-${user}`).toString('base64')}`;

async function feed(since: string, user: string) {
  const response = await fetch(`${context.gateway.url}/api/v1/changes?since=${since}`, {
    headers: { Authorization: basic(user) },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const rollback = (args: string[]) => runProcess(ROLLBACK, ['--dist', context.out, ...args]);

test.before(async () => {
  const site = await copyFixture('site');
  const out = join(site, '..', 'dist');
  const state = join(site, '..', 'state');
  await mkdir(state);
  const secretFile = join(site, '..', 'indexer.secret');
  await writeFile(secretFile, `${TEST_SECRET}\n`);
  const ids: string[] = [];
  const build = async () => {
    const outcome = await buildSite({ site, out, baseUrl: 'http://localhost:8080', workers: 0 });
    assert.ok(outcome.ok, 'build failed');
    ids.push(outcome.published.id);
  };
  await build();
  await appendFile(join(site, 'content', '06-contact.md'), '\nEdited before the rollback.\n');
  await writeFile(join(site, 'content', '09-added.md'), '# Added\n\nA page the rollback removes.\n');
  await build();
  const receiver = await startReceiver();
  const webhooks = parseWebhookOptions({
    webhook: [`indexer=${receiver.url}`],
    'webhook-role': ['indexer=editor'],
    'webhook-secret-file': [`indexer=${secretFile}`],
    state,
  });
  const gateway = await startGateway({
    dist: out,
    port: 0,
    host: '127.0.0.1',
    pollMs: 30,
    log: () => {},
    ...(webhooks ? { webhooks } : {}),
    webhookRetryBaseMs: 15,
  });
  Object.assign(context, { site, out, gateway, receiver, ids });
  // A new receiver starts at the snapshot being served.
  await receiver.waitFor(1, 10_000);
});

test.after(async () => {
  await context.gateway?.close();
  await context.receiver?.close();
  await removeDir(join(context.site, '..'));
});

test('names several kept snapshots with --to, refuses an unknown one, and changes nothing then', async () => {
  const [first, second] = context.ids as [string, string];
  assert.equal(await rollback(['--to', second]), {
    code: 1,
    stdout: '',
    stderr: `snapi rollback: ${second} is the snapshot being served already; the current snapshot is unchanged.\n`,
  });
  const unknown = await rollback(['--to', '20990101T000000Z-abcdef']);
  assert.equal(unknown, {
    code: 1,
    stdout: '',
    stderr: `snapi rollback: ${context.out} keeps no snapshot "20990101T000000Z-abcdef" (kept: ${first}); the current snapshot is unchanged.\n`,
  });
  assert.equal((await readdir(join(context.out, 'snapshots'))).sort(), [first, second].sort());
  assert.is(readSnapshotIndex(join(context.out, 'current')).index.id, second);
});

test('a rollback is a new snapshot serving the earlier answers; its feed and its event name what it changed', async () => {
  const [first, second] = context.ids as [string, string];
  const before = { admin: await feed(first, 'admin'), member: await feed(first, 'member') };
  const earlier = readSnapshotIndex(join(context.out, 'snapshots', first)).index.entries;
  const run = await rollback(['--json']);
  assert.is(run.stderr, '');
  assert.is(run.code, 0);
  const outcome = JSON.parse(run.stdout) as { snapshot: string; from: string; to: string; changedKeys: number };
  const third = outcome.snapshot;
  assert.equal(
    { ...outcome, snapshot: undefined },
    { snapshot: undefined, from: second, to: first, changedKeys: outcome.changedKeys },
  );
  assert.ok(outcome.changedKeys > 0);
  assert.not.ok(context.ids.includes(third), 'the rollback has an id of its own');
  const served = readSnapshotIndex(join(context.out, 'current')).index;
  assert.is(served.id, third);
  assert.equal(served.entries, earlier);
  // The snapshot rolled back from stays beside it, so the rollback can itself be rolled back.
  assert.equal((await readdir(join(context.out, 'snapshots'))).sort(), [second, third].sort());
  assert.equal(
    served.history?.recent.map((entry) => entry.id),
    [first, second, third],
  );
  await waitUntil(() => context.gateway.snapshotId() === third, 10_000, 'the gateway to serve the rollback');

  // Since the snapshot rolled back from: the reverse of the edit, for each role as it reads the answers.
  for (const user of ['admin', 'member'] as const) {
    const edit = before[user].body as {
      urls: Record<string, string[]>;
      slugs: Record<string, string[]>;
      endpoints: string[];
    };
    const reverse = (lists: Record<string, string[]>) => ({
      added: lists.removed,
      changed: lists.changed,
      removed: lists.added,
    });
    assert.equal(await feed(second, user), {
      status: 200,
      body: {
        since: second,
        current: third,
        urls: reverse(edit.urls),
        slugs: reverse(edit.slugs),
        endpoints: edit.endpoints,
      },
    });
    // Since the snapshot rolled back to: nothing differs.
    assert.equal(await feed(first, user), {
      status: 200,
      body: {
        since: first,
        current: third,
        urls: { added: [], changed: [], removed: [] },
        slugs: { added: [], changed: [], removed: [] },
        endpoints: [],
      },
    });
  }
  assert.equal((before.admin.body.urls as Record<string, string[]>).added, ['/added']);
  assert.equal((before.member.body.urls as Record<string, string[]>).changed, []);

  // One event for the rollback, with its own id, previous the snapshot rolled back from, the editor's lists.
  await context.receiver.waitFor(2, 10_000);
  const event = context.receiver.delivered[1];
  const editor = (await feed(second, 'editor')).body;
  assert.equal(
    context.receiver.delivered.map((delivery) => delivery.id),
    [second, third].map((id) => webhookId('indexer', id)),
  );
  assert.equal(event?.body.data, {
    previous: second,
    current: third,
    urls: editor.urls,
    slugs: editor.slugs,
    endpoints: editor.endpoints,
  });
  assert.equal((event?.body.data.urls as Record<string, string[]> | undefined)?.removed, ['/added']);
  assert.is(context.receiver.refused, 0);
});

test.run();
