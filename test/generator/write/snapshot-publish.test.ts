// Publishing: atomic switch, untouched snapshot on errors, determinism, pruning, change report, private accounts.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DIST_LAYOUT, type ChangeReport } from '../../../contract/snapshot.ts';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { copyFixture, removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { readSnapshot } from '../../helpers/snapshot-bodies.ts';
import { runProcess } from '../../helpers/run-process.ts';

const BASE_URL = 'http://localhost/typemill';

async function listTree(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const lines: string[] = [];
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    const info = await stat(path).catch(() => undefined);
    lines.push(`${path.slice(directory.length)} ${info?.size ?? 'link'} ${info?.mtimeMs ?? ''}`);
  }
  return lines.sort();
}

const publish = suite('publishing a snapshot');
let site = '';
let out = '';
publish.before.each(async () => {
  site = await copyFixture('site');
  out = await temporaryDir('publish-dist');
});
publish.after.each(async () => {
  await removeDir(join(site, '..'));
  await removeDir(out);
});

publish('a build that fails on malformed YAML leaves the published snapshot byte-identical', async () => {
  assert.ok((await buildSite({ site, out, baseUrl: BASE_URL })).ok);
  const before = await listTree(out);
  const bodiesBefore = (await readSnapshot(out)).bodies;
  const broken = await copyFixture('broken-yaml');
  try {
    const outcome = await buildSite({ site: broken, out, baseUrl: BASE_URL });
    assert.equal(outcome.ok, false);
    if (!outcome.ok)
      assert.equal(
        outcome.errors.map((error) => `${error.file}:${error.line}`),
        ['content/00-page.yaml:3'],
      );
    assert.equal(await listTree(out), before);
    assert.equal((await readSnapshot(out)).bodies, bodiesBefore);
  } finally {
    await removeDir(join(broken, '..'));
  }
});

publish('two builds of the same input give identical bodies and ETags', async () => {
  assert.ok((await buildSite({ site, out, baseUrl: BASE_URL, rootPath: '/srv/site' })).ok);
  const first = await readSnapshot(out);
  assert.ok((await buildSite({ site, out, baseUrl: BASE_URL, rootPath: '/srv/site' })).ok);
  const second = await readSnapshot(out);
  assert.is.not(first.index.id, second.index.id);
  assert.equal(second.bodies, first.bodies);
  const etags = (entries: typeof first.index.entries) =>
    Object.fromEntries(Object.entries(entries).map(([key, entry]) => [key, entry.etag]));
  assert.equal(etags(second.index.entries), etags(first.index.entries));
});

publish('keeps the previous snapshot for rollback and prunes older ones', async () => {
  const ids: string[] = [];
  for (let build = 0; build < 3; build++) {
    const outcome = await buildSite({ site, out, baseUrl: BASE_URL });
    assert.ok(outcome.ok);
    if (outcome.ok) ids.push(outcome.published.id);
  }
  assert.equal((await readdir(join(out, DIST_LAYOUT.snapshotsDir))).sort(), [ids[1], ids[2]].sort());
  assert.is(
    await import('node:fs/promises').then((fs) => fs.readlink(join(out, DIST_LAYOUT.currentLink))),
    `${DIST_LAYOUT.snapshotsDir}/${ids[2]}`,
  );
});

publish('records which responses were added, changed and removed since the previous snapshot', async () => {
  assert.ok((await buildSite({ site, out, baseUrl: BASE_URL })).ok);
  await writeFile(join(site, 'content', '06-contact.md'), '# Contact\n\nWrite to us at docs@example.org.\n');
  const outcome = await buildSite({ site, out, baseUrl: BASE_URL });
  assert.ok(outcome.ok);
  const { directory } = await readSnapshot(out);
  const text = await readFile(join(directory, DIST_LAYOUT.changesFile), 'utf8');
  const report = JSON.parse(text) as ChangeReport;
  // The file is written in chunks; its bytes are those of the report indented by two.
  assert.is(text, JSON.stringify(report, null, 2));
  assert.equal(report.added, []);
  assert.equal(report.removed, []);
  // The page's search shard changes; the search root (language, shard count, common terms) does not. Of the AI files,
  // the page's markdown and part and every manifest listing it change; llms.txt takes nothing from a page's text.
  const manifests = ['administrator', 'author', 'editor', 'editor:author2', 'editor:manager', 'manager']
    .concat(['manager:author2', 'manager:manager', 'public'])
    .map((view) => `llms:full:${view}`);
  assert.equal(report.changed, [
    'content:draft:/contact',
    'content:live:/contact',
    ...manifests,
    'llms:part:/contact',
    'markdown:draft:/contact',
    'markdown:live:/contact',
    'markdown:public:/contact',
    'search:shard:0',
  ]);
  assert.equal(report.urls, { added: [], changed: ['/contact'], removed: [] });
  assert.equal(report.purge, [
    '/typemill/api/v1/article/content?url=/contact',
    '/typemill/api/v1/article/content?url=/contact&draft=true',
    '/typemill/api/v1/search',
  ]);
  assert.equal(
    report.details.map((detail) => detail.key),
    report.changed,
  );
  for (const detail of report.details)
    assert.ok(detail.before !== null && detail.after !== null && detail.before !== detail.after, detail.key);
  assert.equal(outcome.ok && outcome.published.changes, report);
});

publish('writes accounts to a private file and never puts a password hash into a response body', async () => {
  assert.ok((await buildSite({ site, out, baseUrl: BASE_URL })).ok);
  const { directory, bodies, index } = await readSnapshot(out);
  const accountsFile = join(directory, DIST_LAYOUT.accountsFile);
  assert.is((await stat(accountsFile)).mode & 0o777, 0o600);
  const accounts = JSON.parse(await readFile(accountsFile, 'utf8')) as Record<string, { hash: string }>;
  const hashes = Object.values(accounts)
    .map((account) => account.hash)
    .filter((hash) => hash !== '');
  assert.ok(hashes.length >= 7);
  for (const [key, body] of [...bodies, ['index', JSON.stringify(index)] as const]) {
    for (const hash of hashes) assert.not.ok(body.includes(hash), `${key} contains a password hash`);
    assert.not.ok(body.includes('"password"'), `${key} contains a password field`);
  }
});

const cli = suite('npm run build on the command line');

cli('prints every error as path:line: message, exits 1 and publishes nothing', async () => {
  const broken = await copyFixture('broken-draft');
  const distDir = await temporaryDir('cli-dist');
  try {
    const error = await runProcess('generator/cli/build.ts', ['--site', broken, '--out', distDir]);
    assert.is(error.code, 1, 'the build should fail');
    assert.match(error.stderr, /^error: content\/00-page\.txt:1: draft /m);
    assert.match(error.stderr, /nothing was published/);
    assert.equal(await readdir(distDir), []);
  } finally {
    await removeDir(join(broken, '..'));
    await removeDir(distDir);
  }
});

cli('publishes the fixture site and prints one summary line', async () => {
  const fixture = await copyFixture('site');
  const distDir = await temporaryDir('cli-dist');
  try {
    const { code, stdout, stderr } = await runProcess('generator/cli/build.ts', [
      '--site',
      fixture,
      '--out',
      distDir,
      '--json',
    ]);
    assert.is(code, 0, stderr);
    const summary = JSON.parse(stdout) as Record<string, unknown>;
    assert.equal(Object.keys(summary), [
      'snapshot',
      'pages',
      'folders',
      'drafts',
      'users',
      'responses',
      'files',
      'bytes',
      'seconds',
      'changes',
    ]);
    assert.is(summary.users, 9);
    assert.equal(summary.changes, { added: summary.responses, changed: 0, removed: 0 });
  } finally {
    await removeDir(join(fixture, '..'));
    await removeDir(distDir);
  }
});

publish.run();
cli.run();
