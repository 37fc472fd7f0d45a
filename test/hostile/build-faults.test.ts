// Build faults: each bad input gives a message naming the file (and line), errors publish nothing, warnings let the
// build go on.
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite, formatProblem } from '../../generator/resident/choose-build.ts';
import { copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { runProcess } from '../helpers/run-process.ts';
import { readSnapshot } from '../helpers/snapshot-bodies.ts';
import { listTree } from './published-state.ts';

const BASE_URL = 'http://localhost/typemill';

interface Fault {
  name: string;
  /** Breaks the copied fixture site. */
  apply: (site: string) => Promise<void>;
  /** `path:line: message` as the CLI prints it after `error: `; `{site}` stands for the site folder. */
  errors: string[];
}

const write = (path: string, text: string | Uint8Array) => writeFile(path, text);

const ERROR_FAULTS: Fault[] = [
  {
    name: 'malformed YAML in a page yaml file',
    apply: (site) =>
      write(
        join(site, 'content', '06-contact.yaml'),
        "meta:\n    title: 'Contact'\n    tags: [one, two\n    created: '2024-06-01'\n",
      ),
    errors: [
      'content/06-contact.yaml:4: YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
    ],
  },
  {
    name: 'malformed YAML in settings.yaml',
    apply: (site) => write(join(site, 'settings', 'settings.yaml'), 'title: ok\n  indent: wrong\n'),
    errors: ['settings/settings.yaml:1: YAML: Nested mappings are not allowed in compact mappings'],
  },
  {
    name: 'a draft .txt that is a JSON object, not an array',
    apply: (site) => write(join(site, 'content', '06-contact.txt'), '{"blocks":["# Contact"]}'),
    errors: ['content/06-contact.txt:1: draft must be a JSON array of block strings'],
  },
  {
    name: 'a draft .txt that is an array of numbers',
    apply: (site) => write(join(site, 'content', '06-contact.txt'), '[1,2]'),
    errors: ['content/06-contact.txt:1: draft must be a JSON array of block strings'],
  },
  {
    name: 'invalid UTF-8 on line 3 of a markdown file',
    apply: (site) =>
      write(
        join(site, 'content', '06-contact.md'),
        Buffer.concat([Buffer.from('# Contact\n\nLatin-1: '), Buffer.from([0xe9]), Buffer.from('t\xe9\n', 'latin1')]),
      ),
    errors: ['content/06-contact.md:3: file is not valid UTF-8'],
  },
  {
    name: 'an overlong UTF-8 encoding in a yaml file',
    apply: (site) =>
      write(
        join(site, 'content', '06-contact.yaml'),
        Buffer.concat([Buffer.from("meta:\n    title: '"), Buffer.from([0xc0, 0xaf]), Buffer.from("'\n")]),
      ),
    errors: ['content/06-contact.yaml:2: file is not valid UTF-8'],
  },
  {
    name: 'a symbolic link to the content folder inside it',
    apply: (site) => symlink('..', join(site, 'content', '00-names', 'loop')),
    errors: [
      'content/00-names/loop: symbolic link loop: it points to {site}/content, a folder that contains it; remove the link',
    ],
  },
  {
    name: 'two folders linking to each other',
    apply: async (site) => {
      await mkdir(join(site, 'content', '08-a'));
      await mkdir(join(site, 'content', '09-b'));
      await symlink('../09-b', join(site, 'content', '08-a', 'to-b'));
      await symlink('../08-a', join(site, 'content', '09-b', 'to-a'));
    },
    errors: [
      'content/08-a/to-b/to-a: symbolic link loop: it points to {site}/content/08-a, a folder that contains it; remove the link',
      'content/09-b/to-a/to-b: symbolic link loop: it points to {site}/content/09-b, a folder that contains it; remove the link',
    ],
  },
  // We run as root, so chmod 000 does not stop reads: a dangling link and a folder where a file belongs stand in for
  // unreadable files.
  {
    name: 'an unreadable page: a dangling symbolic link',
    apply: (site) => symlink('/nonexistent/snapi-test/page.md', join(site, 'content', '08-gone.md')),
    errors: [
      'content/08-gone.md: cannot read file: ENOENT (a dangling symbolic link or a file removed during the build)',
    ],
  },
  {
    name: 'an unreadable page: a link to itself',
    apply: (site) => symlink('08-self.md', join(site, 'content', '08-self.md')),
    errors: ['content/08-self.md: cannot read file: ELOOP (a symbolic link loop)'],
  },
  {
    name: 'an unreadable settings file: a folder named settings.yaml',
    apply: async (site) => {
      await rm(join(site, 'settings', 'settings.yaml'));
      await mkdir(join(site, 'settings', 'settings.yaml'));
    },
    errors: ['settings/settings.yaml: cannot read file: it is a directory, expected a file'],
  },
];

function expectedErrors(fault: Fault, site: string): string[] {
  return fault.errors.map((error) => error.replaceAll('{site}', site));
}

let site = '';
let out = '';
async function freshSite(): Promise<void> {
  site = await copyFixture('site');
  out = await temporaryDir('build-faults-dist');
}
async function removeSite(): Promise<void> {
  await removeDir(join(site, '..'));
  await removeDir(out);
}

const errors = suite('a build fault that is an error');
errors.before.each(freshSite);
errors.after.each(removeSite);

for (const fault of ERROR_FAULTS) {
  errors(`${fault.name}: names the file, publishes nothing and leaves the snapshot byte-identical`, async () => {
    assert.ok((await buildSite({ site, out, baseUrl: BASE_URL })).ok);
    const treeBefore = await listTree(out);
    const bodiesBefore = (await readSnapshot(out)).bodies;
    await fault.apply(site);
    const outcome = await buildSite({ site, out, baseUrl: BASE_URL });
    assert.equal(outcome.ok ? [] : outcome.errors.map(formatProblem), expectedErrors(fault, site));
    assert.equal(await listTree(out), treeBefore);
    assert.equal((await readSnapshot(out)).bodies, bodiesBefore);
  });
}

const cli = suite('npm run build on a faulty site');
cli.before.each(freshSite);
cli.after.each(removeSite);

async function runBuild(): Promise<{ code: number; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await runProcess('generator/cli/build.ts', [
    '--site',
    site,
    '--out',
    out,
    '--base-url',
    BASE_URL,
  ]);
  return { code: code ?? -1, stdout, stderr };
}

cli('prints every error as path:line: message, exits 1 and keeps the published snapshot', async () => {
  assert.is((await runBuild()).code, 0);
  const treeBefore = await listTree(out);
  for (const fault of ERROR_FAULTS.filter((candidate) =>
    /malformed YAML in a page|JSON object|invalid UTF-8/.test(candidate.name),
  ))
    await fault.apply(site);
  const result = await runBuild();
  assert.is(result.code, 1);
  assert.is(result.stdout, '');
  assert.is(
    result.stderr,
    [
      'error: content/06-contact.md:3: file is not valid UTF-8',
      'error: content/06-contact.txt:1: draft must be a JSON array of block strings',
      'error: content/06-contact.yaml:4: YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
      'snapi build: 3 error(s); nothing was published, the current snapshot is unchanged.',
      '',
    ].join('\n'),
  );
  assert.equal(await listTree(out), treeBefore);
});

cli(
  'prints a warning for two entries with the same URL and publishes; the later entry answers for the URL',
  async () => {
    await write(join(site, 'content', '06-Contact.md'), '# Contact, capital C\n\nSame slug as 06-contact.md.\n');
    await mkdir(join(site, 'content', '08-contact'));
    await write(
      join(site, 'content', '08-contact', 'index.md'),
      '# Contact folder\n\nThe later entry with the URL /contact.\n',
    );
    const result = await runBuild();
    assert.is(result.code, 0);
    assert.match(result.stdout, /^snapi build: published /);
    assert.is(
      result.stderr,
      [
        'warning: content/06-Contact.md: another entry has the same URL /contact; lookups by URL return content/08-contact, the later entry',
        'warning: content/06-contact.md: another entry has the same URL /contact; lookups by URL return content/08-contact, the later entry',
        '',
      ].join('\n'),
    );
    const { bodies } = await readSnapshot(out);
    assert.is(JSON.parse(bodies.get('item:/contact') ?? '{}').item.path, '/08-contact');
    assert.is(JSON.parse(bodies.get('content:live:/contact') ?? '{}').content[0].markdown, '# Contact folder');
  },
);

cli('prints a warning for a user without password and one without role, and publishes both users', async () => {
  await write(join(site, 'settings', 'users', 'nopass.yaml'), 'username: nopass\nuserrole: editor\napiaccess: true\n');
  await write(
    join(site, 'settings', 'users', 'norole.yaml'),
    'username: norole\npassword: $2y$04$IR2rw5SfXu6Cd6nzKqn0COinLQFZNqWuj4aubDBpPX9Nqm.9ee8zy\napiaccess: true\n',
  );
  const result = await runBuild();
  assert.is(result.code, 0);
  assert.is(
    result.stderr,
    [
      'warning: settings/users/nopass.yaml: user has no password; API login is impossible',
      'warning: settings/users/norole.yaml: user has no role (userrole); every endpoint refuses it',
      '',
    ].join('\n'),
  );
  const { index } = await readSnapshot(out);
  assert.equal(
    [index.userRecords.nopass, index.userRecords.norole],
    ['{"username":"nopass","userrole":"editor","apiaccess":true}', '{"username":"norole","apiaccess":true}'],
  );
});

errors.run();
cli.run();
