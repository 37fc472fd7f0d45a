// Fast builds: the render cache, rendering on worker threads, and reusing the previous snapshot's body files.
import { appendFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { planBuild, renderPages } from '../../generator/build.ts';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { loadSite } from '../../generator/load/load-site.ts';
import { renderOnThreads } from '../../generator/render/render-pool.ts';
import { copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { readSnapshot } from '../helpers/snapshot-bodies.ts';

const BASE_URL = 'http://localhost/typemill';
const VIDEO = '\n[:video path="media/files/clip.mp4" :]\n';

let site = '';
let out = '';
const setUp = async () => {
  site = await copyFixture('site');
  out = await temporaryDir('incremental-dist');
};
const tearDown = async () => {
  await removeDir(join(site, '..'));
  await removeDir(out);
};

async function planOf(directory: string) {
  return planBuild((await loadSite(directory, BASE_URL)).source);
}

/** A whole build with the render cache; its page counts and the published content bodies by URL key. */
async function buildAndRead(directory: string) {
  const outcome = await buildSite({ site: directory, out, baseUrl: BASE_URL, workers: 0 });
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.errors.map((error) => error.message).join('\n'));
  const content = new Map([...(await readSnapshot(out)).bodies].filter(([key]) => key.startsWith('content:')));
  return { ...outcome.pages, content };
}

const CONTACT = 'content:live:/contact';
const withoutContact = (content: Map<string, string>) => [...content].filter(([key]) => !key.endsWith(':/contact'));

const cache = suite('the render cache');
cache.before.each(setUp);
cache.after.each(tearDown);

cache('a second build with unchanged pages renders none and gives the same content bodies', async () => {
  const first = await buildAndRead(site);
  const second = await buildAndRead(site);
  assert.is(first.reused, 0);
  assert.is(second.rendered, 0);
  assert.is(second.reused, first.rendered);
  assert.equal([...second.content], [...first.content]);
});

cache('a changed page is rendered again and the others come from the cache', async () => {
  const first = await buildAndRead(site);
  await appendFile(join(site, 'content', '06-contact.md'), '\nOne more line.\n');
  const second = await buildAndRead(site);
  assert.is(second.rendered, 1);
  assert.is(second.reused, first.rendered - 1);
  assert.ok(second.content.get(CONTACT)?.includes('One more line.'));
  assert.not.ok(first.content.get(CONTACT)?.includes('One more line.'));
  assert.equal(withoutContact(second.content), withoutContact(first.content));
});

cache('a page is rendered again when a file its shortcode looked for appears', async () => {
  await appendFile(join(site, 'content', '06-contact.md'), VIDEO);
  const first = await buildAndRead(site);
  assert.ok(first.content.get(CONTACT)?.includes('File not found'));
  await mkdir(join(site, 'media', 'files'), { recursive: true });
  await writeFile(join(site, 'media', 'files', 'clip.mp4'), 'not really a video');
  const second = await buildAndRead(site);
  assert.is(second.rendered, 1);
  assert.ok(second.content.get(CONTACT)?.includes('<video '));
  const fromScratch = renderPages(await planOf(site));
  assert.is(second.content.get(CONTACT), fromScratch.get('/06-contact')?.live);
});

cache('a cached page whose body the previous snapshot lacks is rendered again, the others are linked', async () => {
  const first = await buildAndRead(site);
  const { index, directory } = await readSnapshot(out);
  const lost = index.entries[CONTACT];
  assert.ok(lost);
  await rm(join(directory, lost?.file ?? ''));
  const second = await buildAndRead(site);
  assert.is(second.rendered, 1);
  assert.is(second.reused, first.rendered - 1);
  assert.equal([...second.content], [...first.content]);
});

cache('a build with the cache publishes the same bodies as a build without it', async () => {
  assert.ok((await buildSite({ site, out, baseUrl: BASE_URL })).ok);
  await appendFile(join(site, 'content', '06-contact.md'), '\nOne more line.\n');
  assert.ok((await buildSite({ site, out, baseUrl: BASE_URL })).ok);
  const cached = await readSnapshot(out);
  const fresh = await temporaryDir('incremental-fresh');
  try {
    assert.ok((await buildSite({ site, out: fresh, baseUrl: BASE_URL })).ok);
    assert.equal(cached.bodies, (await readSnapshot(fresh)).bodies);
  } finally {
    await removeDir(fresh);
  }
});
cache.run();

const threads = suite('rendering on worker threads');
threads.before.each(setUp);
threads.after.each(tearDown);

threads('gives exactly the content bodies of rendering in this thread', async () => {
  await appendFile(join(site, 'content', '06-contact.md'), VIDEO);
  const plan = await planOf(site);
  const onThreads = await renderOnThreads(plan.contentJobs, plan.contentSettings, plan.source.knownPaths, {
    workers: 2,
  });
  const here = renderPages(plan);
  assert.equal(
    onThreads,
    plan.contentJobs.map((job) => here.get(job.page)),
  );
});

threads('a whole build on worker threads publishes the same bodies as one without', async () => {
  assert.ok((await buildSite({ site, out, baseUrl: BASE_URL, workers: 1 })).ok);
  const fresh = await temporaryDir('incremental-fresh');
  try {
    assert.ok((await buildSite({ site, out: fresh, baseUrl: BASE_URL, workers: 0 })).ok);
    assert.equal((await readSnapshot(out)).bodies, (await readSnapshot(fresh)).bodies);
  } finally {
    await removeDir(fresh);
  }
});
threads.run();

const reuse = suite('reusing the previous snapshot');
reuse.before.each(setUp);
reuse.after.each(tearDown);

reuse('a rebuild hard-links unchanged bodies and their compressed variants instead of writing them again', async () => {
  assert.ok((await buildSite({ site, out, baseUrl: BASE_URL })).ok);
  const first = await readSnapshot(out);
  const firstDirectory = join(out, DIST_LAYOUT.snapshotsDir, first.index.id);
  assert.ok((await buildSite({ site, out, baseUrl: BASE_URL })).ok);
  const second = await readSnapshot(out);
  const secondDirectory = join(out, DIST_LAYOUT.snapshotsDir, second.index.id);
  assert.equal(second.index.entries, first.index.entries);
  const files = Object.values(second.index.entries)
    .flatMap((entry) => [entry, entry.gzip, entry.br])
    .flatMap((file) => (file ? [file.file] : []));
  assert.ok(
    files.some((file) => file.endsWith('.gz')) && files.some((file) => file.endsWith('.br')),
    'the fixture has compressed bodies',
  );
  for (const file of new Set(files)) {
    const [before, after] = await Promise.all([stat(join(firstDirectory, file)), stat(join(secondDirectory, file))]);
    assert.is(after.ino, before.ino, `${file} is the same file`);
  }
  assert.is(
    await readFile(join(secondDirectory, files[0] ?? ''), 'utf8'),
    await readFile(join(firstDirectory, files[0] ?? ''), 'utf8'),
  );
});
reuse.run();
