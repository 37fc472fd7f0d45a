// A gateway process killed with kill -9 after it swapped to a snapshot but before the receiver took its event: the
// restarted gateway, on the same --state, delivers that event with the same webhook-id.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { webhookId } from '../../../gateway/webhooks/signature.ts';
import { copyFixture, removeDir } from '../../helpers/fixture-site.ts';
import { ROOT, runProcess } from '../../helpers/run-process.ts';
import { startReceiver, TEST_SECRET } from './receiver.ts';

const test = suite('webhooks across kill -9');

async function build(site: string, out: string): Promise<string> {
  const outcome = await buildSite({ site, out, baseUrl: 'http://localhost:8080', workers: 0 });
  assert.ok(outcome.ok, 'build failed');
  return outcome.published.id;
}

/** The built gateway as systemd runs it; resolves once it listens, and is killed after 30 s whatever happens. */
async function startServe(args: string[]): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['gateway/build/serve.mjs', ...args], {
    cwd: ROOT,
    env: { ...process.env, SNAPI_WEBHOOK_RETRY_BASE_MS: '20' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
  child.once('exit', () => clearTimeout(guard));
  const deadline = Date.now() + 15_000;
  while (!/listening on/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`the gateway did not start; it printed ${JSON.stringify(output)}`);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  return { child, output: () => output };
}

async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('events of snapshots served before kill -9 are delivered after the restart, in order, same ids', async () => {
  const site = await copyFixture('site');
  const folder = join(site, '..');
  const out = join(folder, 'dist');
  const state = join(folder, 'state');
  await mkdir(state);
  await writeFile(join(folder, 'secret'), TEST_SECRET);
  await build(site, out);
  const receiver = await startReceiver();
  const args = [
    ...['--dist', out, '--port', '0', '--state', state],
    ...['--webhook', `cms=${receiver.url}`, '--webhook-secret-file', `cms=${join(folder, 'secret')}`],
  ];
  let gateway = await startServe(args);
  try {
    await receiver.waitFor(1, 15_000);
    receiver.mode = 'hang';
    await appendFile(join(site, 'content', '06-contact.md'), '\nEdited before the crash.\n');
    const next = await build(site, out);
    const expected = webhookId('cms', next);
    await until(() => receiver.attempts.includes(expected), 'the attempt the crash interrupts');
    // A second swap while the first event hangs: both must arrive after the restart, in order.
    await appendFile(join(site, 'content', '06-contact.md'), '\nEdited again.\n');
    const last = await build(site, out);
    await until(() => gateway.output().includes(`"snapshot":"${last}"`), 'the swap to the last snapshot');
    gateway.child.kill('SIGKILL');
    await new Promise((resolve) => gateway.child.once('exit', resolve));
    assert.is(receiver.delivered.length, 1);
    receiver.mode = 'up';
    gateway = await startServe(args);
    await receiver.waitFor(3, 15_000);
    assert.equal(
      receiver.delivered
        .slice(1)
        .map((delivery) => [delivery.id, delivery.body.data.previous, delivery.body.data.current]),
      [
        [expected, receiver.delivered[0]?.body.data.current, next],
        [webhookId('cms', last), next, last],
      ],
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.is(receiver.delivered.length, 3, 'no event twice once delivered');
    assert.not.ok(gateway.output().includes(receiver.url), 'the URL never reaches the log');
  } finally {
    gateway.child.kill('SIGKILL');
    await receiver.close();
    await removeDir(folder);
  }
});

test('snapi webhook ping sends one signed ping the receiver verifies; a refused one is exit 1 without the URL', async () => {
  const receiver = await startReceiver();
  const folder = join(ROOT, 'test', '.tmp', `ping-${process.pid}`);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'secret'), TEST_SECRET);
  const args = [
    'webhook',
    'ping',
    'cms',
    '--webhook',
    `cms=${receiver.url}`,
    '--webhook-secret-file',
    `cms=${join(folder, 'secret')}`,
  ];
  try {
    const sent = await runProcess(join(ROOT, 'bin', 'snapi.mjs'), args);
    assert.is(sent.code, 0, sent.stderr);
    assert.match(sent.stdout, /^snapi webhook: ping msg_ping_[0-9a-f]{24} to cms answered 204\n$/);
    assert.equal(
      receiver.delivered.map((delivery) => delivery.body.type),
      ['ping'],
    );
    receiver.mode = 'down';
    const refused = await runProcess(join(ROOT, 'bin', 'snapi.mjs'), args);
    assert.equal([refused.code, refused.stdout], [1, '']);
    assert.match(refused.stderr, /ping to cms failed: HTTP 503/);
    assert.not.ok(refused.stderr.includes(receiver.url));
  } finally {
    await receiver.close();
    await removeDir(folder);
  }
});

test.run();
