// `snapi token`: a token printed once on its own line, the file holding only hashes, list without tokens, rotate with
// its overlap, revoke, and one-line errors for bad usage and a malformed file; the build refuses a malformed file
// naming its line.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tokenSha256 } from '../../contract/api-token.ts';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { ROOT, runProcess } from '../helpers/run-process.ts';

const SNAPI = join(ROOT, 'bin', 'snapi.mjs');
const TOKEN_LINE = /^snapi_[A-Za-z0-9_-]{43}\n$/;
const snapi = (args: string[]) => runProcess(SNAPI, ['token', ...args]);

interface Context {
  folder: string;
  site: string;
}

const Token = suite<Context>('snapi token');

Token.before.each(async (context) => {
  context.folder = await temporaryDir('token-command');
  context.site = join(context.folder, 'site');
  await mkdir(join(context.site, 'content'), { recursive: true });
  await mkdir(join(context.site, 'settings'), { recursive: true });
  await writeFile(join(context.site, 'content', 'index.md'), '# Home\n');
});
Token.after.each(async (context) => removeDir(context.folder));

const tokenFile = (context: Context) => join(context.site, 'settings', 'snapi-tokens.yaml');

Token(
  'add prints the token alone on standard output once and stores only its SHA-256, role and times',
  async (context) => {
    const run = await snapi(['add', 'ci', '--role', 'author', '--expires', '30d', '--site', context.site]);
    assert.is(run.code, 0, run.stderr);
    assert.match(run.stdout, TOKEN_LINE);
    const token = run.stdout.trim();
    const text = await readFile(tokenFile(context), 'utf8');
    assert.not.ok(text.includes(token.slice(6)), 'the file holds the token');
    assert.ok(text.includes(`sha256: '${tokenSha256(token)}'`));
    assert.match(text, /role: 'author'/);
    const expires = Date.parse(/expires: '([^']+)'/.exec(text)?.[1] ?? '');
    assert.ok(Math.abs(expires - (Date.now() + 30 * 86_400_000)) < 60_000, 'expires in 30 days');
    assert.not.ok(run.stderr.includes(token.slice(6)));
  },
);

Token('without --expires a token ends after the default 90 days', async (context) => {
  await snapi(['add', 'ci', '--role', 'member', '--site', context.site]);
  const text = await readFile(tokenFile(context), 'utf8');
  const expires = Date.parse(/expires: '([^']+)'/.exec(text)?.[1] ?? '');
  assert.ok(Math.abs(expires - (Date.now() + 90 * 86_400_000)) < 60_000);
});

Token('list shows names, roles, expiry and last rotation, never a token or a hash', async (context) => {
  const added = await snapi([
    'add',
    'ci',
    '--role',
    'author',
    '--expires',
    '2031-01-01T00:00:00Z',
    '--site',
    context.site,
  ]);
  const list = await snapi(['list', '--site', context.site]);
  assert.is(list.code, 0);
  const [header, row] = list.stdout.trim().split('\n');
  assert.match(header ?? '', /^NAME\s+ROLE\s+EXPIRES\s+ROTATED$/);
  assert.match(row ?? '', /^ci\s+author\s+2031-01-01T00:00:00\.000Z\s+\d{4}-\d\d-\d\dT/);
  assert.not.ok(list.stdout.includes(added.stdout.trim().slice(6)));
  assert.not.match(list.stdout, /[0-9a-f]{64}/);
});

Token('rotate prints a new token and keeps the old hash for the overlap; revoke removes the entry', async (context) => {
  const first = (await snapi(['add', 'ci', '--role', 'editor', '--site', context.site])).stdout.trim();
  const rotated = await snapi(['rotate', 'ci', '--overlap', '1h', '--site', context.site]);
  assert.is(rotated.code, 0, rotated.stderr);
  assert.match(rotated.stdout, TOKEN_LINE);
  const second = rotated.stdout.trim();
  assert.is.not(second, first);
  const text = await readFile(tokenFile(context), 'utf8');
  assert.ok(text.includes(tokenSha256(second)));
  assert.ok(text.includes(`previous:\n      sha256: '${tokenSha256(first)}'`), text);
  const previousEnd = Date.parse(/previous:\n\s+sha256: '[0-9a-f]+'\n\s+expires: '([^']+)'/.exec(text)?.[1] ?? '');
  assert.ok(Math.abs(previousEnd - (Date.now() + 3_600_000)) < 60_000, 'the overlap ends in an hour');
  const revoked = await snapi(['revoke', 'ci', '--site', context.site]);
  assert.is(revoked.code, 0);
  assert.not.ok((await readFile(tokenFile(context), 'utf8')).includes('ci'));
});

Token('bad usage and a malformed file are one line each, exit 2 and 1', async (context) => {
  const cases: Array<[string[], number, RegExp]> = [
    [['add', 'ci', '--site', context.site], 2, /^snapi token: --role ROLE is required/],
    [['add', 'ci', '--role', 'guest', '--site', context.site], 2, /^snapi token: role "guest" must be one of/],
    [['add', 'c i', '--role', 'author', '--site', context.site], 2, /^snapi token: token name "c i" must be/],
    [['add', 'ci', '--role', 'author', '--expires', '3w', '--site', context.site], 2, /^snapi token: --expires "3w"/],
    [['add', 'ci', '--role', 'author', '--site', join(context.folder, 'nope')], 2, /has no settings\/ folder/],
    [['revoke', 'nobody', '--site', context.site], 1, /^snapi token: no token named nobody/],
    [['frob'], 2, /^snapi token: unknown action "frob"/],
  ];
  for (const [args, code, message] of cases) {
    const run = await snapi(args);
    assert.is(run.code, code, args.join(' '));
    assert.match(run.stderr, message);
    assert.is(run.stderr.trim().split('\n').length, 1, run.stderr);
  }
  await writeFile(tokenFile(context), 'tokens:\n  - name: ci\n    role: wizard\n');
  const malformed = await snapi(['list', '--site', context.site]);
  assert.is(malformed.code, 1);
  assert.match(malformed.stderr, /snapi-tokens\.yaml:2: role "wizard" must be one of/);
});

Token('a build refuses a malformed token file with its file and line, and publishes nothing', async (context) => {
  await writeFile(
    tokenFile(context),
    `tokens:\n  - name: ci\n    role: author\n    sha256: '${'a'.repeat(64)}'\n    created: '2030-01-01T00:00:00Z'\n    rotated: '2030-01-01T00:00:00Z'\n    expires: 'soon'\n`,
  );
  const out = join(context.folder, 'dist');
  const outcome = await buildSite({ site: context.site, out, baseUrl: 'http://localhost' });
  assert.equal(outcome.ok ? [] : outcome.errors.map((error) => `${error.file}:${error.line}: ${error.message}`), [
    'settings/snapi-tokens.yaml:2: expires: expected an ISO date-time',
  ]);
});

Token.run();
