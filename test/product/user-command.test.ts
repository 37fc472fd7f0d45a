// `snapi user`: accounts written in Typemill's format from a password piped on stdin or typed on a real terminal (a
// pty made by util-linux `script`), never echoed; the written file logs in through the gateway.
import bcrypt from 'bcryptjs';
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { startGateway } from '../../gateway/http/server.ts';
import { removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { watchChild } from '../helpers/child-bound.ts';
import { ROOT, runProcess } from '../helpers/run-process.ts';

const SNAPI = join(ROOT, 'bin', 'snapi.mjs');
const HASH = /^\$2y\$10\$[./A-Za-z0-9]{53}$/;

const snapi = (args: string[], stdin: string) => runProcess(SNAPI, args, { stdin });

/** Runs snapi on a pseudo-terminal; each answer is typed (with Enter) only once its prompt is on the screen. */
function snapiOnTerminal(
  args: string[],
  answers: Array<[prompt: string, typed: string]>,
): Promise<{ code: number | null; screen: string }> {
  const command = [process.execPath, SNAPI, ...args].map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let screen = '';
  let answered = 0;
  let searchFrom = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    screen += chunk.toString();
    const next = answers[answered];
    const found = next === undefined ? -1 : screen.indexOf(next[0], searchFrom);
    if (next === undefined || found === -1) return;
    answered++;
    searchFrom = found + next[0].length;
    child.stdin.write(`${next[1]}\r`);
  });
  const watch = watchChild(child);
  child.stdout.on('data', () => watch.progressed());
  return new Promise((done, fail) =>
    child.on('close', (code) => {
      watch.stop();
      if (watch.expired === undefined) done({ code, screen: screen.replace(/\r\n/g, '\n') });
      else fail(new Error(`snapi ${args.join(' ')} on a terminal: killed, it ${watch.expired}; screen: ${screen}`));
    }),
  );
}

interface Context {
  folder: string;
  site: string;
}

const User = suite<Context>('snapi user');

User.before.each(async (context) => {
  context.folder = await temporaryDir('user-command');
  context.site = join(context.folder, 'site');
  await mkdir(join(context.site, 'content'), { recursive: true });
  await writeFile(join(context.site, 'content', 'index.md'), '# Home\n');
});

User.after.each(async (context) => {
  await removeDir(context.folder);
});

User(
  "add reads one line from standard input, writes Typemill's format with a $2y$ cost-10 hash, and the user logs in",
  async ({ site, folder }) => {
    const file = join(site, 'settings', 'users', 'ci1.yaml');
    const run = await snapi(
      ['user', 'add', 'ci1', '--role', 'author', '--email', 'ci@example.org', '--site', site],
      'piped-secret-1\nignored second line\n',
    );
    assert.equal(run, {
      code: 0,
      stdout: `snapi user: wrote ${file} (ci1, author, API access); build the site to let the user in\n`,
      stderr: '',
    });
    const text = await readFile(file, 'utf8');
    const hash = /^password: (.*)$/m.exec(text)?.[1] ?? '';
    assert.match(hash, HASH);
    assert.is(text, `username: ci1\nemail: ci@example.org\nuserrole: author\npassword: ${hash}\napiaccess: true\n`);
    assert.ok(await bcrypt.compare('piped-secret-1', hash.replace(/^\$2y\$/, '$2b$')));

    const dist = join(folder, 'dist');
    const outcome = await buildSite({ site, out: dist, baseUrl: 'http://localhost:8080' });
    assert.equal(outcome.ok && outcome.warnings, []);
    const gateway = await startGateway({ dist, port: 0, host: '127.0.0.1', log: () => undefined });
    try {
      const login = (password: string) =>
        fetch(`${gateway.url}/api/v1/article/content?url=/`, {
          headers: { Authorization: `Basic ${Buffer.from(`ci1:${password}`).toString('base64')}` },
        });
      assert.equal([(await login('piped-secret-1')).status, (await login('piped-secret-2')).status], [200, 401]);
    } finally {
      await gateway.close();
    }
  },
);

User('add on a terminal asks twice without echoing, and refuses two different passwords', async ({ site }) => {
  const file = join(site, 'settings', 'users', 'tty1.yaml');
  const typed = await snapiOnTerminal(
    ['user', 'add', 'tty1', '--role', 'editor', '--site', site],
    [
      ['New password: ', 'typed-secret-1'],
      ['Repeat the password: ', 'typed-secret-1'],
    ],
  );
  assert.equal(typed, {
    code: 0,
    screen: `New password: \nRepeat the password: \nsnapi user: wrote ${file} (tty1, editor, API access); build the site to let the user in\n`,
  });
  const hash = /^password: (.*)$/m.exec(await readFile(file, 'utf8'))?.[1] ?? '';
  assert.ok(await bcrypt.compare('typed-secret-1', hash.replace(/^\$2y\$/, '$2b$')));

  const differ = await snapiOnTerminal(
    ['user', 'add', 'tty2', '--role', 'editor', '--site', site],
    [
      ['New password: ', 'typed-secret-1'],
      ['Repeat the password: ', 'typed-secret-2'],
    ],
  );
  assert.equal(differ, {
    code: 1,
    screen: 'New password: \nRepeat the password: \nsnapi user: the two passwords differ; nothing was written\n',
  });
});

User('add refuses to replace a user without --force, and replaces it with --force', async ({ site }) => {
  const file = join(site, 'settings', 'users', 'ci1.yaml');
  await snapi(['user', 'add', 'ci1', '--role', 'author', '--site', site], 'first-password\n');
  const before = await readFile(file, 'utf8');
  const refused = await snapi(['user', 'add', 'ci1', '--role', 'admin', '--site', site], 'second-password\n');
  assert.equal(refused, {
    code: 2,
    stdout: '',
    stderr:
      'snapi user: --role "admin" is not one of guest, member, contributor, author, editor, manager, administrator (run snapi user --help for usage)\n',
  });
  const exists = await snapi(['user', 'add', 'ci1', '--role', 'editor', '--site', site], 'second-password\n');
  assert.equal(exists, {
    code: 1,
    stdout: '',
    stderr: `snapi user: ${file} exists (pass --force to replace it, or run snapi user passwd ci1 to change its password)\n`,
  });
  assert.is(await readFile(file, 'utf8'), before);
  const forced = await snapi(
    ['user', 'add', 'ci1', '--role', 'editor', '--site', site, '--force'],
    'second-password\n',
  );
  assert.is(forced.code, 0);
  assert.match(await readFile(file, 'utf8'), /^username: ci1\nuserrole: editor\npassword: \$2y\$10\$/);
});

User('passwd changes only the hash, keeping comments, order and every other field', async ({ site }) => {
  const file = join(site, 'settings', 'users', 'editor1.yaml');
  await mkdir(join(site, 'settings', 'users'), { recursive: true });
  const original =
    '# Erik runs the guides\nusername: editor1\nemail: erik@example.org\nuserrole: editor\npassword: $2y$10$oldoldoldoldoldoldoldoldoldoldoldoldoldoldoldoldoldo\nfirstname: Erik\napiaccess: true\n';
  await writeFile(file, original);
  const run = await snapi(['user', 'passwd', 'editor1', '--site', site], 'brand-new-pass\n');
  assert.equal(run, {
    code: 0,
    stdout: `snapi user: changed the password in ${file}; build the site to apply it\n`,
    stderr: '',
  });
  const changed = await readFile(file, 'utf8');
  const hash = /^password: (.*)$/m.exec(changed)?.[1] ?? '';
  assert.is(changed, original.replace(/^password: .*$/m, `password: ${hash}`));
  assert.ok(await bcrypt.compare('brand-new-pass', hash.replace(/^\$2y\$/, '$2b$')));
  const missing = await snapi(['user', 'passwd', 'nobody', '--site', site], 'brand-new-pass\n');
  assert.equal(missing, {
    code: 1,
    stdout: '',
    stderr: `snapi user: ${join(site, 'settings', 'users', 'nobody.yaml')} does not exist (run snapi user add nobody --role ROLE first)\n`,
  });
});

User('list shows name, role, email and API access, never a hash', async ({ site }) => {
  const empty = await snapi(['user', 'list', '--site', site], '');
  assert.equal(empty, {
    code: 0,
    stdout: `no users in ${join(site, 'settings', 'users')} (add one: snapi user add NAME --role author)\n`,
    stderr: '',
  });
  await snapi(['user', 'add', 'zed', '--role', 'member', '--site', site], 'member-password\n');
  await snapi(
    ['user', 'add', 'ada', '--role', 'administrator', '--email', 'ada@example.org', '--site', site],
    'admin-password\n',
  );
  await writeFile(
    join(site, 'settings', 'users', 'old.yaml'),
    'username: old\nuserrole: author\npassword: x\napiaccess: false\n',
  );
  const listed = await snapi(['user', 'list', '--site', site], '');
  assert.equal(listed, {
    code: 0,
    stderr: '',
    stdout:
      'NAME  ROLE           EMAIL            API\nada   administrator  ada@example.org  yes\nold   author         -                no\nzed   member         -                yes\n',
  });
});

User('bad names, short passwords and missing arguments are one line each; nothing is written', async ({ site }) => {
  const runs = await Promise.all([
    snapi(['user', 'add', 'a.b', '--role', 'author', '--site', site], 'long-enough-1\n'),
    snapi(['user', 'add', 'short1', '--role', 'author', '--site', site], 'short\n'),
    snapi(['user', 'add', 'norole', '--site', site], 'long-enough-1\n'),
    snapi(['user', 'add', 'bademail', '--role', 'author', '--email', 'nope', '--site', site], 'long-enough-1\n'),
    snapi(['user', 'add', '--role', 'author', '--site', site], 'long-enough-1\n'),
    snapi(['user', 'remove', 'x', '--site', site], ''),
    snapi(['user', 'add', 'ci1', '--role', 'author', '--site', join(site, 'nowhere')], 'long-enough-1\n'),
  ]);
  const hint = '(run snapi user --help for usage)';
  assert.equal(
    runs.map((run) => [run.code, run.stdout, run.stderr]),
    [
      [
        2,
        '',
        'snapi user: user name "a.b" must be 3 to 20 letters or digits (Typemill\'s rule; it is also the file name)\n',
      ],
      [1, '', 'snapi user: the password must have at least 8 characters; nothing was written\n'],
      [2, '', `snapi user: --role ROLE is required ${hint}\n`],
      [2, '', `snapi user: --email "nope" is not an email address ${hint}\n`],
      [2, '', `snapi user: snapi user add needs a user name ${hint}\n`],
      [2, '', `snapi user: unknown action "remove": say add, passwd or list ${hint}\n`],
      [
        2,
        '',
        `snapi user: site folder "${join(site, 'nowhere')}" does not exist (give --site the folder that holds content/ and settings/)\n`,
      ],
    ],
  );
  const listed = await snapi(['user', 'list', '--site', site], '');
  assert.match(listed.stdout, /^no users in /);
});

User.run();
