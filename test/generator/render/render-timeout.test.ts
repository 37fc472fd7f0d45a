// A page whose render never ends stops the build at the bound: one error line naming its file, exit 1, nothing
// published.
import { appendFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { copyFixture, removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { buildWithFault, listTree } from '../../helpers/faulty-build.ts';
import { forgetSavedPlan } from '../../helpers/saved-plan.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const SLOW_RENDER = join(ROOT, 'test', 'helpers', 'slow-render', 'register.mjs');
const ON_WORKERS = {
  node: ['-r', join(ROOT, 'test', 'helpers', 'slow-render', 'worker-preload.cjs')],
  env: { SNAPI_TEST_RENDER_WORKERS: '1' },
};
const BASE_URL = 'http://localhost/typemill';
const BOUND = ['--render-timeout', '0.2'];

const timeout = suite('a page whose render never ends');
let site = '';
let out = '';
timeout.before.each(async () => {
  site = await copyFixture('site');
  out = await temporaryDir('render-timeout-dist');
});
timeout.after.each(async () => {
  await removeDir(join(site, '..'));
  await removeDir(out);
});

/** Publishes the fixture, then edits the endless page so that the render cache cannot answer for it. */
async function publishThenEdit(): Promise<string[]> {
  assert.ok((await buildSite({ site, out, baseUrl: BASE_URL })).ok);
  await appendFile(join(site, 'content', '06-contact.md'), '\nOne more line.\n');
  return listTree(out);
}

function errorLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('error:') || line.startsWith('snapi build:'));
}

// A one-page edit is built page-locally, on the build's own thread.
timeout(
  'rendered on this thread: the build stops with the file and the bound, exit 1, the snapshot unchanged',
  async () => {
    const before = await publishThenEdit();
    const { code, stderr } = await buildWithFault(SLOW_RENDER, site, out, BASE_URL, { args: BOUND });
    assert.is(code, 1);
    assert.equal(errorLines(stderr), [
      'error: content/06-contact.md: rendering stopped after 0.2 s',
      'snapi build: 1 error(s); nothing was published, the current snapshot is unchanged.',
    ]);
    assert.equal(await listTree(out), before);
  },
);

timeout('rendered on a worker thread: the worker is ended and the build stops the same way', async () => {
  await publishThenEdit();
  // Without the saved plan the edit is built with the site, whose pages render on workers here.
  await forgetSavedPlan(out);
  const before = await listTree(out);
  const { code, stderr } = await buildWithFault(SLOW_RENDER, site, out, BASE_URL, { args: BOUND, ...ON_WORKERS });
  assert.is(code, 1);
  assert.equal(errorLines(stderr), [
    'error: content/06-contact.md: rendering stopped after 0.2 s',
    'snapi build: 1 error(s); nothing was published, the current snapshot is unchanged.',
  ]);
  assert.equal(await listTree(out), before);
});

timeout('--render-timeout takes only a positive number of seconds', async () => {
  const { code, stderr } = await buildWithFault(SLOW_RENDER, site, out, BASE_URL, { args: ['--render-timeout', '0'] });
  assert.is(code, 2);
  assert.is(
    stderr,
    'snapi build: --render-timeout "0" is not a positive number of seconds (run snapi build --help for usage)\n',
  );
});

timeout.run();
