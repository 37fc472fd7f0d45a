// A cold page build reads what its edit touches: the index root and the shards of the edited pages with the bodies
// the last build saved, the pool not listed while its stamp is the one that build left; a pool that changed since is
// listed and checked, and a lost body makes the build a site build.
// docs/decisions.md: A cold page build reads what the edit touches
import { appendFile, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { KEYS, keyOf } from '../../../contract/endpoints.ts';
import { listSite } from '../../../generator/load/load-site.ts';
import { listPlainSite } from '../../../generator/load/plain-listing.ts';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { scopeOfBuild } from '../../helpers/build-scope.ts';
import { loadPublishedBodies, poolStamp } from '../../../generator/resident/published-bodies.ts';
import { readPublishedIndex } from '../../../generator/write/read-snapshot-index.ts';
import { copyFixture, removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { assertAnswersOf, missingNamedFiles, poolAndNamed } from '../../helpers/incremental-compare.ts';

const BASE_URL = 'http://localhost/handbook';
const OTHER = '/front-matter';
/** Pages added to the fixture: enough index entries for shards the contact page has no key in. */
const EXTRA_PAGES = 120;

const Cold = suite('a cold page build');
let site = '';
let out = '';
Cold.before.each(async () => {
  site = await copyFixture('site');
  out = await temporaryDir('cold-page-dist');
});
Cold.after.each(async () => {
  await removeDir(join(site, '..'));
  await removeDir(out);
});

const buildScope = () => scopeOfBuild({ site, out, baseUrl: BASE_URL, workers: 0 });

const editContact = (line: string) => appendFile(join(site, 'content', '06-contact.md'), `\n${line}\n`);

async function currentIndex() {
  const index = readPublishedIndex(join(out, await readlink(join(out, 'current'))));
  assert.ok(index !== undefined);
  return index;
}

Cold('publishes what a fresh build publishes, and leaves the pool holding what the kept snapshots name', async () => {
  assert.is(await buildScope(), 'site');
  for (const line of ['One more line.', 'And another.']) {
    await editContact(line);
    assert.is(await buildScope(), 'pages');
    const index = await currentIndex();
    const saved = await loadPublishedBodies(out, index.root.id);
    assert.ok(saved !== undefined, 'the page build saved its bodies');
    assert.equal(new Map(saved.bodies), index.bodies);
    const { pool, named } = await poolAndNamed(out);
    assert.equal(pool, named, 'the patch removed what it dropped, and nothing else');
  }
  const fresh = await temporaryDir('cold-page-fresh');
  try {
    assert.ok((await buildSite({ site, out: fresh, baseUrl: BASE_URL, workers: 0 })).ok);
    await assertAnswersOf(out, fresh, 'after two page builds');
  } finally {
    await removeDir(fresh);
  }
});

Cold('reads the shards the edit touches only; without the saved bodies it reads them all', async () => {
  for (let page = 1; page <= EXTRA_PAGES; page++)
    await writeFile(join(site, 'content', `50-extra-${page}.md`), `# Extra ${page}\n\nText ${page}.\n`);
  assert.is(await buildScope(), 'site');
  const index = await currentIndex();
  const other = index.shardFiles.findIndex(
    (shard, position) => position > 0 && Object.keys(shard.entries).every((key) => !key.includes('contact')),
  );
  assert.ok(other > 0, `the site has a shard the edit does not touch (of ${index.shardFiles.length})`);
  // Written in place, as a damaged disk would leave it: the pool folder keeps its stamp.
  const stamp = poolStamp(out);
  await writeFile(join(out, index.root.shards[other]!.file), 'not an index shard');
  assert.is(poolStamp(out), stamp);
  await editContact('One more line.');
  assert.is(await buildScope(), 'pages', 'the damaged shard was not read');
  await rm(join(out, '.cache', 'published-bodies.v8'));
  await editContact('And another.');
  assert.is(await buildScope(), 'site', 'read whole, the index does not read');
});

Cold('notices a body lost from the pool since the last build: the edit is built with the site', async () => {
  assert.is(await buildScope(), 'site');
  const index = await currentIndex();
  const lost = index.shardFiles
    .flatMap((shard) => Object.entries(shard.entries))
    .find(([key]) => key === keyOf(KEYS.contentLive, OTHER))?.[1];
  assert.ok(lost !== undefined);
  const stamp = poolStamp(out);
  await rm(join(out, lost.file));
  assert.is.not(poolStamp(out), stamp, 'a removal changes the pool folder’s stamp');
  await editContact('One more line.');
  assert.is(await buildScope(), 'site');
  assert.equal(await missingNamedFiles(out), []);
  await editContact('And another.');
  assert.is(await buildScope(), 'pages', 'the site build saved bodies for the next page build');
});

Cold.run();

const Listing = suite('the plain listing of a site folder');
Listing.before.each(async () => {
  site = await copyFixture('site');
});
Listing.after.each(async () => {
  await removeDir(join(site, '..'));
});

const sortedOf = (values: Iterable<unknown>) => [...values].map((value) => JSON.stringify(value)).sort();

Listing('lists what listSite lists', async () => {
  const [plain, full] = [listPlainSite(site), await listSite(site)];
  assert.ok(plain !== undefined);
  assert.equal(sortedOf(plain.stamps), sortedOf(full.stamps));
  assert.equal(sortedOf(plain.mtimes), sortedOf(full.mtimes));
  assert.equal(sortedOf(plain.knownPaths), sortedOf(full.knownPaths));
  assert.equal(sortedOf(plain.contentEntries), sortedOf(full.contentEntries));
  assert.equal(plain.errors, []);
  assert.ok(plain.stamps.has('settings/settings.yaml') && plain.stamps.has('content/06-contact.md'));
});

Listing('leaves a folder with a link, or a folder where a file is read, to listSite', async () => {
  await symlink(join(site, 'content', '06-contact.md'), join(site, 'content', '99-linked.md'));
  assert.is(listPlainSite(site), undefined);
  await rm(join(site, 'content', '99-linked.md'));
  assert.ok(listPlainSite(site) !== undefined);
  await rm(join(site, 'settings', 'settings.yaml'));
  await writeFile(join(site, 'settings', 'settings.yaml.bak'), await readFile(join(site, 'content', '06-contact.md')));
  assert.ok(listPlainSite(site) !== undefined, 'a missing settings file is listed as missing');
  await rm(join(site, 'settings', 'settings.yaml.bak'));
  const { mkdir } = await import('node:fs/promises');
  await mkdir(join(site, 'settings', 'settings.yaml'));
  assert.is(listPlainSite(site), undefined);
});

Listing.run();
