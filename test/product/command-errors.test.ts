// Every command's answer to the ordinary mistakes: one line, the documented exit code, and the published snapshot and
// a gateway serving it untouched.
import { existsSync } from 'node:fs';
import { mkdir, readlink, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { startGateway, type Gateway } from '../../gateway/http/server.ts';
import { copyFixture, removeDir } from '../helpers/fixture-site.ts';
import { ROOT, runProcess } from '../helpers/run-process.ts';

const BUILT_SERVE = join(ROOT, 'gateway', 'build', 'serve.mjs');
const BUILT_MCP = join(ROOT, 'gateway', 'build', 'mcp.mjs');

/** A command as a process (`tsx` for the generator's commands, plain node for the built gateway's). */
const runCommand = (entry: string, args: string[], environment: Record<string, string> = {}) =>
  runProcess(entry, args, { environment });

const build = (args: string[]) => runCommand('generator/cli/build.ts', args);

interface Context {
  folder: string;
  site: string;
  dist: string;
  gateway: Gateway;
  /** A port something else listens on. */
  busy: Server;
  busyPort: number;
  publishedTarget: string;
}

const Commands = suite<Context>('command-line mistakes');

Commands.before(async (context) => {
  context.site = await copyFixture('site');
  context.folder = join(context.site, '..');
  context.dist = join(context.folder, 'dist');
  const outcome = await buildSite({ site: context.site, out: context.dist, baseUrl: 'http://localhost:8080' });
  assert.ok(outcome.ok);
  context.publishedTarget = await readlink(join(context.dist, 'current'));
  context.gateway = await startGateway({ dist: context.dist, port: 0, host: '127.0.0.1', log: () => undefined });
  context.busy = createServer();
  await new Promise<void>((done) => context.busy.listen(0, '127.0.0.1', done));
  context.busyPort = (context.busy.address() as { port: number }).port;
});

Commands.after(async (context) => {
  await context.gateway.close();
  await new Promise((done) => context.busy.close(done));
  await removeDir(context.folder);
});

/** The snapshot published before the mistakes is still the current one, and the gateway still serves it. */
async function assertUnchanged(context: Context): Promise<void> {
  assert.is(await readlink(join(context.dist, 'current')), context.publishedTarget);
  const health = (await fetch(`${context.gateway.url}/healthz`).then((response) => response.json())) as {
    snapshot: string;
    counts: { pages: number };
  };
  assert.is(`snapshots/${health.snapshot}`, context.publishedTarget);
  assert.ok(health.counts.pages > 0);
}

const buildHint = '(run snapi build --help for usage)';

Commands(
  'build: a folder that does not exist, a content folder given as the site and a folder without content/ are usage errors',
  async (context) => {
    const missing = join(context.folder, 'typo-folder');
    const bare = join(context.folder, 'bare');
    await mkdir(join(bare, 'settings'), { recursive: true });
    const runs = await Promise.all([
      build(['--site', missing, '--out', context.dist]),
      build(['--site', join(context.site, 'content'), '--out', context.dist]),
      build(['--site', bare, '--out', context.dist]),
    ]);
    assert.equal(runs, [
      {
        code: 2,
        stdout: '',
        stderr: `snapi build: site folder "${missing}" does not exist (give --site the folder that holds content/ and settings/)\n`,
      },
      {
        code: 2,
        stdout: '',
        stderr: `snapi build: "${join(context.site, 'content')}" is not a site folder: it has no content/ folder (it looks like a content folder itself: give --site its parent, the folder that holds content/ and settings/)\n`,
      },
      {
        code: 2,
        stdout: '',
        stderr: `snapi build: "${bare}" is not a site folder: it has no content/ folder (give --site the folder that holds content/ and settings/)\n`,
      },
    ]);
    await assertUnchanged(context);
  },
);

Commands(
  'build: a content/ folder without pages fails unless --allow-empty asks for an empty site',
  async (context) => {
    const empty = join(context.folder, 'empty-site');
    const emptyDist = join(context.folder, 'empty-dist');
    await mkdir(join(empty, 'content', 'empty-folder'), { recursive: true });
    const refused = await build(['--site', empty, '--out', context.dist]);
    assert.equal(refused, {
      code: 1,
      stdout: '',
      stderr: `snapi build: "${join(empty, 'content')}" holds no pages (add a page such as content/index.md, or pass --allow-empty to publish an empty site); nothing was published\n`,
    });
    await assertUnchanged(context);
    const allowed = await build(['--site', empty, '--out', emptyDist, '--allow-empty', '--json']);
    assert.is(allowed.code, 0);
    assert.equal((JSON.parse(allowed.stdout) as { pages: number }).pages, 0);
  },
);

Commands(
  'build: a setting the gateway would refuse fails the build at its line, nothing published',
  async (context) => {
    const site = join(context.folder, 'refused-setting');
    await mkdir(site);
    await Promise.all(
      ['content', 'settings', 'plugins'].map((folder) =>
        import('node:fs/promises').then((fs) =>
          fs.cp(join(context.site, folder), join(site, folder), { recursive: true }),
        ),
      ),
    );
    await writeFile(
      join(site, 'settings', 'settings.yaml'),
      "title: 'Refused'\nproxy: true\ntrustedipsforapi: 'not-an-ip'\n",
    );
    const run = await build(['--site', site, '--out', context.dist]);
    assert.equal(run, {
      code: 1,
      stdout: '',
      stderr:
        'error: settings/settings.yaml:3: trustedipsforapi: trusted IP "not-an-ip" is not an address or CIDR range (write addresses such as 203.0.113.7 or ranges such as 10.0.0.0/8, separated by commas); the gateway would refuse this snapshot\n' +
        'snapi build: 1 error(s); nothing was published, the current snapshot is unchanged.\n',
    });
    const check = await runCommand('generator/cli/check.ts', ['--site', site]);
    assert.equal(
      [check.code, check.stdout.split('\n').filter((line) => line.includes(': error: '))],
      [
        1,
        [
          'settings/settings.yaml:3: error: trustedipsforapi: trusted IP "not-an-ip" is not an address or CIDR range (write addresses such as 203.0.113.7 or ranges such as 10.0.0.0/8, separated by commas); the gateway would refuse this snapshot',
        ],
      ],
    );
    await assertUnchanged(context);
  },
);

Commands('build: unknown options and malformed values are one usage line each', async (context) => {
  const runs = await Promise.all([
    build(['--site', context.site, '--out', context.dist, '--bogus']),
    build(['--site', context.site, '--out', context.dist, '--base-url', 'not-a-url']),
    build(['--site', context.site, '--out', context.dist, '--base-url', 'ftp://docs.example.org']),
    build(['--site', context.site, '--out', context.dist, 'stray']),
    build(['--site']),
  ]);
  assert.equal(
    runs.map((run) => [run.code, run.stdout, run.stderr]),
    [
      [2, '', `snapi build: unknown option --bogus ${buildHint}\n`],
      [
        2,
        '',
        'snapi build: --base-url "not-a-url" is not an absolute URL (for example https://docs.example.org/handbook)\n',
      ],
      [2, '', `snapi build: --base-url "ftp://docs.example.org" must start with http:// or https:// ${buildHint}\n`],
      [2, '', `snapi build: unexpected argument "stray" ${buildHint}\n`],
      [2, '', `snapi build: option --site needs a value ${buildHint}\n`],
    ],
  );
  await assertUnchanged(context);
});

Commands('build --help prints the usage with an example and exits 0', async () => {
  const run = await build(['--help']);
  assert.is(run.code, 0);
  assert.match(run.stdout, /^usage: snapi build \[--site DIR\]/);
  assert.match(
    run.stdout,
    /\nexample: snapi build --site \.\/my-site --out \.\/dist --base-url https:\/\/docs\.example\.org\n$/,
  );
});

Commands('check: a missing folder is a usage error, not "0 error(s)"', async (context) => {
  const missing = join(context.folder, 'no-such-site');
  const run = await runCommand('generator/cli/check.ts', ['--site', missing]);
  assert.equal(run, {
    code: 2,
    stdout: '',
    stderr: `snapi check: site folder "${missing}" does not exist (give --site the folder that holds content/ and settings/)\n`,
  });
});

Commands(
  'dev and start: a busy port is one line before dist is touched; bad flags are usage lines',
  async (context) => {
    const freshDist = join(context.folder, 'never-written');
    const busy = `port ${context.busyPort} on 127.0.0.1 is already in use (stop the other server or pass --port N)`;
    const runs = await Promise.all([
      runCommand('commands/dev.ts', ['--site', context.site, '--out', freshDist, '--port', String(context.busyPort)]),
      runCommand('commands/start.ts', ['--dist', freshDist, '--port', String(context.busyPort)]),
      runCommand('commands/dev.ts', ['--bogus']),
      runCommand('commands/dev.ts', ['--port', 'abc']),
      runCommand('commands/dev.ts', ['--site', join(context.folder, 'typo'), '--out', freshDist, '--port', '0']),
    ]);
    assert.equal(
      runs.map((run) => [run.code, run.stdout, run.stderr]),
      [
        [1, '', `snapi dev: ${busy}\n`],
        [1, '', `snapi start: ${busy}\n`],
        [2, '', 'snapi dev: unknown option --bogus (run snapi dev --help for usage)\n'],
        [2, '', 'snapi dev: --port "abc" is not a port number (0-65535)\n'],
        [
          2,
          '',
          `snapi dev: site folder "${join(context.folder, 'typo')}" does not exist (give --site the folder that holds content/ and settings/)\n`,
        ],
      ],
    );
    assert.is(existsSync(freshDist), false);
  },
);

Commands(
  'serve and mcp: no snapshot says build one first; a bad host, a busy port and unknown options are one line',
  async (context) => {
    const nowhere = join(context.folder, 'no-dist');
    const runs = await Promise.all([
      runCommand(BUILT_SERVE, ['--dist', nowhere, '--port', '0']),
      runCommand(BUILT_SERVE, ['--dist', context.dist, '--port', '0', '--host', 'not-a-host']),
      runCommand(BUILT_SERVE, ['--dist', context.dist, '--port', String(context.busyPort)]),
      runCommand(BUILT_SERVE, ['--bogus']),
      runCommand(BUILT_SERVE, ['--port', '70000']),
      runCommand(BUILT_SERVE, ['--from', 'https://bucket/x', '--port', '0']),
      runCommand(BUILT_MCP, ['--dist', nowhere], { SNAPI_USER: 'author', SNAPI_PASSWORD: 'x' }),
      runCommand(BUILT_MCP, ['--bogus']),
    ]);
    assert.equal(
      runs.map((run) => [run.code, run.stdout, run.stderr]),
      [
        [1, '', `snapi serve: no snapshot in ${nowhere} (build one first: npm run build -- --out ${nowhere})\n`],
        [
          2,
          '',
          'snapi serve: --host "not-a-host" is not an address of this machine (use 127.0.0.1, 0.0.0.0, :: or a local host name)\n',
        ],
        [
          1,
          '',
          `snapi serve: port ${context.busyPort} on 127.0.0.1 is already in use (stop the other server or pass --port N)\n`,
        ],
        [2, '', 'snapi serve: unknown option --bogus (run snapi serve --help for usage)\n'],
        [2, '', 'snapi serve: --port "70000" is not a port number (0-65535)\n'],
        [
          2,
          '',
          'snapi serve: --from "https://bucket/x" is not an s3://BUCKET/PREFIX address (run snapi serve --help for usage)\n',
        ],
        [1, '', `snapi mcp: no snapshot in ${nowhere} (build one first: npm run build -- --out ${nowhere})\n`],
        [2, '', 'snapi mcp: unknown option --bogus (run snapi mcp --help for usage)\n'],
      ],
    );
    await assertUnchanged(context);
  },
);

Commands.after.each(async (context) => {
  await rm(join(context.folder, 'never-written'), { recursive: true, force: true });
});

Commands.run();
