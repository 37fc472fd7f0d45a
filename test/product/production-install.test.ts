// A production install: a fresh copy of the repository, `npm ci --omit=dev`, a build, and the built gateway serving
// it with plain node, with no development package present.
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startBuiltGateway } from '../../commands/spawn-built.ts';
import type { Bound } from '../helpers/child-bound.ts';
import { type ProcessRun, runCommand } from '../helpers/run-process.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** Runs a command that must succeed, bounded by its progress (child-bound.ts). */
async function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; bound?: Partial<Bound> },
): Promise<ProcessRun> {
  const outcome = await runCommand(command, args, {
    cwd: options.cwd,
    ...(options.env ? { environment: options.env } : {}),
    ...(options.bound ? { bound: options.bound } : {}),
  });
  if (outcome.code !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${outcome.code}: ${outcome.stderr}`);
  return outcome;
}
const ADMIN = `Basic ${Buffer.from('admin:demo-admin-pass').toString('base64')}`;

const production = suite('npm ci --omit=dev in a fresh copy');
let copy = '';
production.before(async () => {
  copy = await mkdtemp(join(tmpdir(), 'snapi-production-'));
  const { stdout } = await run('git', ['ls-files', '-z'], { cwd: ROOT });
  for (const file of stdout.split('\0').filter((name) => name !== ''))
    await cp(join(ROOT, file), join(copy, file), { recursive: true }).catch(() => undefined);
});
production.after(() => rm(copy, { recursive: true, force: true }));

production(
  'installs without development packages, builds the sample site and serves it from the built file',
  async () => {
    await run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: copy,
      env: { npm_config_loglevel: 'error' },
      // The registry may be asked (`--prefer-offline` only prefers the cache): its answers may be slow.
      bound: { cpuSeconds: 120, idleSeconds: 120 },
    });
    const installed = await readdir(join(copy, 'node_modules'));
    for (const devPackage of ['typescript', 'uvu', 'autocannon', 's3rver', 'lunr'])
      assert.not.ok(installed.includes(devPackage), `${devPackage} was installed`);
    assert.equal((await readdir(join(copy, 'gateway', 'build'))).sort(), [
      'mcp.mjs',
      'serve-chunks',
      'serve.mjs',
      'webhook.mjs',
    ]);
    assert.equal((await readdir(join(copy, 'generator', 'build'))).sort(), [
      'build-chunks',
      'build.mjs',
      'check-chunks',
      'check.mjs',
      'init.mjs',
      'publish-chunks',
      'publish.mjs',
      'render-worker.mjs',
      'rollback.mjs',
      'token.mjs',
      'user.mjs',
      'watch-chunks',
      'watch.mjs',
    ]);
    await run('npm', ['run', 'build', '--', '--out', 'dist'], { cwd: copy, bound: { cpuSeconds: 60 } });
    // The snapi command from the same install: its help, a subcommand's help, and a check through it.
    const help = await run('npx', ['--no-install', 'snapi', '--help'], { cwd: copy });
    assert.match(help.stdout, /^snapi \d+\.\d+\.\d+: serves a Typemill/);
    const subcommands = await Promise.all(
      ['build', 'serve', 'user'].map((name) => run('npx', ['--no-install', 'snapi', name, '--help'], { cwd: copy })),
    );
    assert.equal(
      subcommands.map(({ stdout }) => stdout.split(' ').slice(0, 3).join(' ')),
      ['usage: snapi build', 'usage: snapi serve', 'usage: snapi user'],
    );
    const checked = await run('npx', ['--no-install', 'snapi', 'check', '--site', '.'], { cwd: copy });
    const client = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const m = await import('snapi-client'); console.log(Object.keys(m).sort().join(' '))",
      ],
      { cwd: copy },
    );
    assert.is(client.stdout, 'SnapiError createClient followChanges\n');
    assert.match(checked.stderr, /^snapi check: 0 error\(s\)/);
    const gateway = await startBuiltGateway(['--dist', join(copy, 'dist'), '--port', '0'], {});
    try {
      const health = await fetch(`${gateway.url}/healthz`);
      assert.is(health.status, 200);
      const navigation = await fetch(`${gateway.url}/api/v1/navigation`, { headers: { Authorization: ADMIN } });
      assert.is(navigation.status, 200);
      assert.match(await navigation.text(), /^\{"navigation":\[/);
    } finally {
      assert.is(await gateway.stop(), 0);
    }
  },
);

production.run();
