// The generator's split bundles: a chunk's module finds its command's entry, the render worker beside it and the
// folders paths are relative to; the fingerprint covers every chunk, so a bundle with any changed file never reuses the
// caches of another. The bundle itself runs a site build on workers and a cold page build from a copied folder.
// docs/decisions.md: A command loads what its path needs
import { appendFile, cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize } from 'node:v8';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleEntryOf, bundleFilesOf, moduleFolderOf } from '../../generator/running-code.ts';
import { SAVED_PLAN_FILE } from '../../generator/resident/saved-plan.ts';
import { copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { assertAnswersOf } from '../helpers/incremental-compare.ts';
import { ROOT, runProcess } from '../helpers/run-process.ts';

const Code = suite('the running code');

Code('a chunk maps to its command: entry, folder and the files fingerprinted', async () => {
  assert.is(bundleEntryOf('/r/generator/build/build-chunks/chunk-AB12.mjs'), '/r/generator/build/build.mjs');
  assert.is(bundleEntryOf('/r/generator/build/watch.mjs'), '/r/generator/build/watch.mjs');
  assert.is(moduleFolderOf('/r/generator/build/build-chunks'), '/r/generator/build');
  assert.is(moduleFolderOf('/r/generator/build'), '/r/generator/build');
  assert.is(moduleFolderOf('/r/generator/load'), '/r/generator/load');
  const folder = await temporaryDir('running-code');
  try {
    await mkdir(join(folder, 'build-chunks'));
    for (const file of ['build.mjs', 'check.mjs', 'render-worker.mjs', 'build-chunks/z-1.mjs', 'build-chunks/a-2.mjs'])
      await writeFile(join(folder, file), file);
    assert.equal(bundleFilesOf(join(folder, 'build.mjs')), [
      join(folder, 'build.mjs'),
      join(folder, 'build-chunks/a-2.mjs'),
      join(folder, 'build-chunks/z-1.mjs'),
      join(folder, 'render-worker.mjs'),
    ]);
    assert.equal(bundleFilesOf(join(folder, 'check.mjs')), [
      join(folder, 'check.mjs'),
      join(folder, 'render-worker.mjs'),
    ]);
  } finally {
    await removeDir(folder);
  }
});

const BASE_URL = 'http://localhost/handbook';
/** Pages added to the fixture: enough for the site build to render on workers (render-pages.ts). */
const EXTRA_PAGES = 320;

async function fingerprintOf(out: string): Promise<string> {
  const saved = deserialize(await readFile(join(out, SAVED_PLAN_FILE))) as { fingerprint: string };
  return saved.fingerprint;
}

Code('the bundle builds on workers, patches a page, and a changed chunk is another fingerprint', async () => {
  const folder = await temporaryDir('split-bundle');
  const site = await copyFixture('site');
  try {
    // A copy, so this test's change to a chunk reaches no other test; paths above generator/build/ as in the checkout.
    await cp(join(ROOT, 'generator', 'build'), join(folder, 'generator', 'build'), { recursive: true });
    await cp(join(ROOT, 'openapi.yaml'), join(folder, 'openapi.yaml'));
    for (let page = 1; page <= EXTRA_PAGES; page++)
      await writeFile(join(site, 'content', `50-extra-${page}.md`), `# Extra ${page}\n\nText ${page}.\n`);
    const out = join(folder, 'dist');
    const build = async (label: string) => {
      const run = await runProcess(
        join(folder, 'generator', 'build', 'build.mjs'),
        ['--site', site, '--out', out, '--base-url', BASE_URL, '--json'],
        { bound: { cpuSeconds: 60 } },
      );
      assert.is(run.code, 0, `${label}: ${run.stderr}`);
      return fingerprintOf(out);
    };
    const first = await build('site build');
    await appendFile(join(site, 'content', '06-contact.md'), '\nOne more line.\n');
    assert.is(await build('page build'), first, 'the same bundle, the same fingerprint');
    const fresh = join(folder, 'fresh');
    const freshRun = await runProcess(
      join(folder, 'generator', 'build', 'build.mjs'),
      ['--site', site, '--out', fresh, '--base-url', BASE_URL],
      { bound: { cpuSeconds: 60 } },
    );
    assert.is(freshRun.code, 0, freshRun.stderr);
    await assertAnswersOf(out, fresh, 'a page build through the bundle');
    // A chunk the build never loads (another language's stemmer) still counts: the bundle is other code.
    const chunks = join(folder, 'generator', 'build', 'build-chunks');
    const stemmer = (await readdir(chunks)).find((name) => name.startsWith('tr-'));
    assert.ok(stemmer !== undefined, 'a Turkish stemmer chunk');
    await appendFile(join(chunks, stemmer), '\n// another build of the code\n');
    await appendFile(join(site, 'content', '06-contact.md'), '\nAnd another.\n');
    assert.is.not(await build('build after the chunk changed'), first);
  } finally {
    await removeDir(folder);
    await removeDir(join(site, '..'));
  }
});

Code.run();
