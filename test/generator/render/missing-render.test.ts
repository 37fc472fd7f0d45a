// A build whose renderer lost a page's bodies stops with the page's name, exits 1 and publishes nothing.
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { copyFixture, removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { buildWithFault, listTree } from '../../helpers/faulty-build.ts';
import { forgetSavedPlan } from '../../helpers/saved-plan.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const LOSE_A_RENDER = join(ROOT, 'test', 'helpers', 'lose-a-render', 'register.mjs');
const BASE_URL = 'http://localhost/typemill';

const missing = suite('a page whose rendered bodies are missing');
let site = '';
let out = '';
missing.before.each(async () => {
  site = await copyFixture('site');
  out = await temporaryDir('missing-render-dist');
});
missing.after.each(async () => {
  await removeDir(join(site, '..'));
  await removeDir(out);
});

missing('stops the build with exit code 1 and a message naming the page', async () => {
  const { code, stderr } = await buildWithFault(LOSE_A_RENDER, site, out, BASE_URL);
  assert.is(code, 1);
  assert.equal(
    stderr.split('\n').filter((line) => line.startsWith('snapi build:')),
    [
      'snapi build: failed: page /contact (content/06-contact): its rendered content is missing; the build cannot finish without it; the current snapshot is unchanged.',
    ],
  );
});

missing('leaves the published snapshot exactly as it was', async () => {
  assert.ok((await buildSite({ site, out, baseUrl: BASE_URL })).ok);
  // Without the saved plan the unchanged site is built whole, so the fault in rendering the site is met.
  await forgetSavedPlan(out);
  const before = await listTree(out);
  assert.is((await buildWithFault(LOSE_A_RENDER, site, out, BASE_URL)).code, 1);
  assert.equal(await listTree(out), before);
});

missing.run();
