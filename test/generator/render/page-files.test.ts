// A one-off build plans from page summaries and its renders read each page's file: the same answers as a build that
// holds every text, no page text in the plan, and a page changed between plan and render stops the build.
import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build, finishBuild, planBuild, renderPages } from '../../../generator/build.ts';
import { buildWholeSite } from '../../../generator/build-site.ts';
import { loadSite } from '../../../generator/load/load-site.ts';
import { renderKey } from '../../../generator/render/render-cache.ts';
import { copyFixture, FIXTURES, removeDir, temporaryDir } from '../../helpers/fixture-site.ts';

const BASE_URL = 'http://localhost/typemill';

const plans = suite('a plan from page summaries');

for (const fixture of ['site', 'front-matter', 'broken-draft']) {
  plans(`${fixture}: the same answers, problems and render keys as a plan that holds the texts`, async () => {
    const site = join(FIXTURES, fixture);
    const held = await loadSite(site, BASE_URL, '/typemill');
    const onDisk = await loadSite(site, BASE_URL, '/typemill', undefined, 'on-disk');
    const plan = planBuild(onDisk.source);
    const heldPlan = planBuild(held.source);
    assert.equal(finishBuild(plan, renderPages(plan)), build(held.source));
    assert.equal(
      plan.contentJobs.map((job) => renderKey('f', plan.contentSettings, job)),
      heldPlan.contentJobs.map((job) => renderKey('f', heldPlan.contentSettings, job)),
    );
    assert.equal(onDisk.errors, held.errors);
  });
}

plans('no page text is held: every job names its files instead', async () => {
  const loaded = await loadSite(join(FIXTURES, 'front-matter'), BASE_URL, undefined, undefined, 'on-disk');
  const plan = planBuild(loaded.source);
  assert.ok(plan.contentJobs.length > 1);
  for (const job of plan.contentJobs) {
    assert.is(job.markdown, undefined);
    assert.is(job.draftBlocks, undefined);
    assert.ok(job.onDisk?.markdown ?? job.onDisk?.draft, job.page);
  }
  const texts = [...plan.sources.markdown.values(), ...plan.sources.drafts.values()];
  assert.ok(texts.every((text) => typeof text === 'object' && !Array.isArray(text)));
  for (const file of loaded.source.files.values())
    if (/^content\/.*\.(md|txt)$/.test(file.path))
      assert.is(Object.getOwnPropertyDescriptor(file, 'text')?.value, undefined);
});

plans.run();

const changed = suite('a page changed between plan and render');
let site = '';
let out = '';
changed.before.each(async () => {
  site = await copyFixture('site');
  out = await temporaryDir('page-files-dist');
});
changed.after.each(async () => {
  await removeDir(join(site, '..'));
  await removeDir(out);
});

for (const workers of [0, 1]) {
  changed(`rendered ${workers === 0 ? 'on this thread' : 'on a worker'}: the build stops naming the file`, async () => {
    const page = join(site, 'content', '07-front-matter.md');
    const failed = await buildWholeSite(
      { site, out, baseUrl: BASE_URL, workers },
      { pageTexts: 'on-disk', planned: () => appendFileSync(page, '\nOne more line.\n') },
    ).then(
      () => 'published',
      (error: Error) => error.message,
    );
    assert.is(failed, 'content/07-front-matter.md changed while the build read it; nothing was published');
    assert.not.ok(existsSync(join(out, 'current')));
  });
}

changed.run();
