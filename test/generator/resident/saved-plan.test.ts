// A saved plan is trusted only from the generator that wrote it: one with another fingerprint is refused by the plan's
// own check, and the build after it plans the whole site (docs/testing.md: A saved plan made by another generator).
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { scopeOfBuild } from '../../helpers/build-scope.ts';
import { rendererFingerprint } from '../../../generator/render/render-cache.ts';
import { loadSavedPlan, SAVED_PLAN_FILE, type SavedPlan } from '../../../generator/resident/saved-plan.ts';
import { buildOnSavedPlan } from '../../../generator/resident/saved-plan-build.ts';
import { loadSearchCounts } from '../../../generator/search/search-count-cache.ts';
import { copyFixture, removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { assertAnswersOf } from '../../helpers/incremental-compare.ts';

const BASE_URL = 'http://localhost/handbook';
const ANOTHER_GENERATOR = 'fingerprint of another snapi version';

const Plan = suite('a saved plan made by another generator');
let site = '';
let out = '';
Plan.before.each(async () => {
  site = await copyFixture('site');
  out = await temporaryDir('saved-plan-dist');
});
Plan.after.each(async () => {
  await removeDir(join(site, '..'));
  await removeDir(out);
});

const buildScope = () => scopeOfBuild({ site, out, baseUrl: BASE_URL });

/** Rewrites the saved plan as another generator would have left it: the same plan under another fingerprint. The
 *  search counts saved beside it keep this generator's fingerprint, so only the plan's own check can refuse it. */
async function stampPlanWith(fingerprint: string): Promise<void> {
  const file = join(out, SAVED_PLAN_FILE);
  const plan = deserialize(await readFile(file)) as SavedPlan;
  await writeFile(file, serialize({ ...plan, fingerprint }));
}

Plan('is read back only under the fingerprint it was saved with', async () => {
  assert.is(await buildScope(), 'site');
  const fingerprint = await rendererFingerprint();
  const saved = await loadSavedPlan(out, fingerprint);
  assert.is(saved?.fingerprint, fingerprint);
  assert.is(await loadSavedPlan(out, ANOTHER_GENERATOR), undefined);
  await stampPlanWith(ANOTHER_GENERATOR);
  assert.is(await loadSavedPlan(out, fingerprint), undefined);
  assert.is((await loadSavedPlan(out, ANOTHER_GENERATOR))?.snapshot, saved?.snapshot);
});

Plan('is refused for a page edit, which is then built with the site, and the next edit patches again', async () => {
  assert.is(await buildScope(), 'site');
  const fingerprint = await rendererFingerprint();
  await stampPlanWith(ANOTHER_GENERATOR);
  // The other check that happens to refuse such a plan today, the search counts', would let it through.
  assert.ok((await loadSearchCounts(out, fingerprint)).size > 0, 'the search counts are this generator’s');
  await appendFile(join(site, 'content', '06-contact.md'), '\nOne more line.\n');
  assert.is(await buildOnSavedPlan({ site, out, baseUrl: BASE_URL }, fingerprint), undefined, 'no patch');
  assert.is(await buildScope(), 'site', 'the whole site is planned and built');
  const fresh = await temporaryDir('saved-plan-fresh');
  try {
    assert.ok((await buildSite({ site, out: fresh, baseUrl: BASE_URL, workers: 0 })).ok);
    await assertAnswersOf(out, fresh, 'after the refused plan');
  } finally {
    await removeDir(fresh);
  }
  assert.is((await loadSavedPlan(out, fingerprint))?.fingerprint, fingerprint, 'the site build saved its own plan');
  await appendFile(join(site, 'content', '06-contact.md'), '\nAnd another.\n');
  assert.is(await buildScope(), 'pages');
});

Plan.run();
