// A cold page build reads and rewrites the saved search counts of the edited page's bucket only, and a bucket that
// does not read makes it a site build when the edit needs it, never a wrong index.
// docs/decisions.md: Search counts saved per shard
import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { searchShardOf } from '../../../contract/search/search-shards.ts';
import { rendererFingerprint } from '../../../generator/render/render-cache.ts';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { scopeOfBuild } from '../../helpers/build-scope.ts';
import { COUNTS_DIR, readRoot } from '../../../generator/search/search-count-files.ts';
import { copyFixture, removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { assertAnswersOf } from '../../helpers/incremental-compare.ts';

const BASE_URL = 'http://localhost/handbook';
/** Pages added to the fixture: more than one search shard's worth, so the site has buckets the edit does not touch. */
const EXTRA_PAGES = 140;

const Counts = suite('the search counts of a cold page build');
let site = '';
let out = '';
Counts.before.each(async () => {
  site = await copyFixture('site');
  out = await temporaryDir('cold-counts-dist');
  for (let page = 1; page <= EXTRA_PAGES; page++)
    await writeFile(join(site, 'content', `50-extra-${page}.md`), `# Extra ${page}\n\nText ${page} words.\n`);
});
Counts.after.each(async () => {
  await removeDir(join(site, '..'));
  await removeDir(out);
});

const buildScope = () => scopeOfBuild({ site, out, baseUrl: BASE_URL, workers: 0 });

const editContact = (line: string) => appendFile(join(site, 'content', '06-contact.md'), `\n${line}\n`);

/** The saved root's bucket files, and the bucket of the contact page. */
async function savedBuckets() {
  const root = await readRoot(out, await rendererFingerprint());
  assert.ok(root !== undefined, 'the build saved its counts');
  const contact = root.urls.find((url) => url.includes('contact'));
  assert.ok(contact !== undefined && root.files.length > 1, `several buckets (${root.files.length})`);
  return { files: root.files, contact: searchShardOf(contact, root.files.length) };
}

async function assertAnswersOfFreshBuild(label: string): Promise<void> {
  const fresh = await temporaryDir('cold-counts-fresh');
  try {
    assert.ok((await buildSite({ site, out: fresh, baseUrl: BASE_URL, workers: 0 })).ok);
    await assertAnswersOf(out, fresh, label);
  } finally {
    await removeDir(fresh);
  }
}

Counts('an edit rewrites its page’s bucket only; an unread spoiled bucket is left alone', async () => {
  assert.is(await buildScope(), 'site');
  const before = await savedBuckets();
  const other = before.contact === 0 ? 1 : 0;
  await writeFile(join(out, COUNTS_DIR, before.files[other]!), 'not a bucket');
  await editContact('One more line.');
  assert.is(await buildScope(), 'pages', 'the spoiled bucket was not read');
  const after = await savedBuckets();
  after.files.forEach((file, bucket) => {
    if (bucket === before.contact) assert.is.not(file, before.files[bucket], 'the edited page’s bucket is new');
    else assert.is(file, before.files[bucket], `bucket ${bucket} is kept`);
  });
  await assertAnswersOfFreshBuild('after a page build beside a spoiled bucket');
});

Counts('a spoiled bucket of the edited page makes the build a site build with the same answers', async () => {
  assert.is(await buildScope(), 'site');
  const { files, contact } = await savedBuckets();
  await writeFile(join(out, COUNTS_DIR, files[contact]!), 'not a bucket');
  await editContact('One more line.');
  assert.is(await buildScope(), 'site');
  await assertAnswersOfFreshBuild('after the site build');
  await editContact('And another.');
  assert.is(await buildScope(), 'pages', 'the site build saved whole counts again');
  await assertAnswersOfFreshBuild('after the next page build');
});

Counts.run();
