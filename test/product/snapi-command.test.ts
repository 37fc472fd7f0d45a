// `snapi`: one command on the PATH for every program; --help and --version, each subcommand's --help, and the same
// code as the npm scripts behind it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, runProcess } from '../helpers/run-process.ts';

const SNAPI = join(ROOT, 'bin', 'snapi.mjs');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const SUBCOMMANDS = [
  'init',
  'build',
  'check',
  'serve',
  'dev',
  'watch',
  'publish',
  'mcp',
  'user',
  'token',
  'webhook',
  'rollback',
];

const snapi = (args: string[]) => runProcess(SNAPI, args);

const Command = suite('the snapi command');

Command('--help lists every subcommand and --version prints the package version', async () => {
  const [help, version, bare] = await Promise.all([snapi(['--help']), snapi(['--version']), snapi([])]);
  assert.is(help.code, 0);
  assert.match(
    help.stdout,
    new RegExp(`^snapi ${VERSION.replace(/\./g, '\\.')}: serves a Typemill documentation site's read API`),
  );
  assert.equal(
    help.stdout
      .split('\n')
      .filter((line) => /^ {2}[a-z]+ {2,}/.test(line))
      .map((line) => line.trim().split(/\s+/)[0]),
    SUBCOMMANDS,
  );
  assert.equal(version, { code: 0, stdout: `${VERSION}\n`, stderr: '' });
  assert.equal([bare.code, bare.stdout], [2, help.stdout]);
});

Command('an unknown subcommand is one usage line with exit 2', async () => {
  assert.equal(await snapi(['frobnicate']), {
    code: 2,
    stdout: '',
    stderr:
      'snapi: unknown command "frobnicate" (run snapi --help for the list: init, build, check, serve, dev, watch, publish, mcp, user, token, webhook, rollback)\n',
  });
});

Command('every subcommand has --help with its usage and one example, exit 0', async () => {
  const runs = await Promise.all(SUBCOMMANDS.map((name) => snapi([name, '--help'])));
  for (const [index, name] of SUBCOMMANDS.entries()) {
    const run = runs[index]!;
    // mcp's stdout carries the protocol, so its help goes to stderr.
    const text = name === 'mcp' ? run.stderr : run.stdout;
    assert.is(run.code, 0, name);
    assert.ok(text.startsWith(`usage: snapi ${name} `), `${name}: ${text.slice(0, 60)}`);
    assert.match(text, new RegExp(`\\nexample: [^\\n]*snapi ${name} `), name);
  }
});

Command('a subcommand runs the same code as its npm script: check on the fixture site', async () => {
  const run = await snapi(['check', '--site', join(ROOT, 'test', 'fixtures', 'site')]);
  assert.equal(
    [run.code, run.stdout],
    [
      0,
      'content/02-status/05-faq.md:1: info: slug "faq" is used by 2 pages (/status/faq, /no-index/faq); article/items returns them all\n',
    ],
  );
});

Command.run();
