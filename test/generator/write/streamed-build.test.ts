// The streaming build: content bodies go to the staging snapshot while pages render, and what it publishes is exactly
// what publishing the whole build result at once gives; a failure half-way through rendering leaves nothing behind.
import { readdir, readFile, readlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DIST_LAYOUT, type SnapshotIndex } from '../../../contract/snapshot.ts';
import { build, planBuild, type BuildPlan } from '../../../generator/build.ts';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { loadSite } from '../../../generator/load/load-site.ts';
import { openApiResponse } from '../../../generator/load/openapi-document.ts';
import { siteSearchResponses } from '../../../generator/search/search-step.ts';
import { contentReader } from '../../helpers/content-reader.ts';
import type { BuiltResponse } from '../../../generator/types.ts';
import { llmsResponses } from '../../../generator/llms/llms-step.ts';
import { publishSnapshot } from '../../../generator/write/write-snapshot.ts';
import { readSnapshotIndex } from '../../../generator/write/read-snapshot-index.ts';
import { copyFixture, removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { buildWithFault, listTree } from '../../helpers/faulty-build.ts';
import { BODIES_BEFORE_FAILURE, FAILURE } from '../../helpers/fail-mid-render/render-pages-failing.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const FAIL_MID_RENDER = join(ROOT, 'test', 'helpers', 'fail-mid-render', 'register.mjs');
const BASE_URL = 'http://localhost/typemill';

/** The search step over bodies in hand, as the build made it before bodies were streamed. */
function searchOf(plan: BuildPlan, responses: readonly BuiltResponse[]): Promise<BuiltResponse[]> {
  return siteSearchResponses(plan, contentReader(responses));
}

/** The AI files step over bodies in hand, as the search step above. */
function llmsOf(plan: BuildPlan, responses: readonly BuiltResponse[]): Promise<BuiltResponse[]> {
  const keys = new Set(responses.map((response) => response.key));
  const bodies = { read: contentReader(responses), hashOf: (key: string) => (keys.has(key) ? key : undefined) };
  return llmsResponses(plan, bodies, async (batch) => batch);
}

/** The whole build result in memory, published in one call: the reference the streamed build must equal. */
async function publishAtOnce(site: string, out: string, rootPath: string): Promise<void> {
  const { source } = await loadSite(site, BASE_URL, rootPath);
  const result = build(source);
  const responses = [
    ...result.responses,
    await openApiResponse(),
    ...(await searchOf(planBuild(source), result.responses)),
    ...(await llmsOf(planBuild(source), result.responses)),
  ];
  await publishSnapshot({ ...result, responses }, { distDir: out, baseUrl: source.baseUrl, builtAt: new Date() });
}

/** The published index without what differs per build (id, time, the history naming them), and every stored file's
 *  bytes by name. */
async function published(
  out: string,
): Promise<{ index: Omit<SnapshotIndex, 'id' | 'builtAt' | 'history'>; files: Map<string, string> }> {
  const directory = join(out, await readlink(join(out, DIST_LAYOUT.currentLink)));
  const contents = readSnapshotIndex(directory);
  const { id: _id, builtAt: _builtAt, history: _history, ...index } = contents.index;
  assert.ok(contents.shards.length > 0);
  const names = (await readdir(join(directory, DIST_LAYOUT.bodiesDir))).sort();
  const files = new Map(
    await Promise.all(
      names.map(
        async (name) =>
          [name, (await readFile(join(directory, DIST_LAYOUT.bodiesDir, name))).toString('base64')] as const,
      ),
    ),
  );
  return { index, files };
}

const same = suite('a streamed build publishes what publishing the whole result at once publishes');
const folders: string[] = [];
same.after.each(async () => {
  for (const folder of folders.splice(0)) await removeDir(folder);
});

for (const fixture of ['site', 'front-matter']) {
  for (const workers of [0, 1]) {
    same(
      `test/fixtures/${fixture}, ${workers} render worker(s): same index entries, counts and body files`,
      async () => {
        const site = await copyFixture(fixture);
        const [streamed, atOnce] = await Promise.all([temporaryDir('streamed-dist'), temporaryDir('at-once-dist')]);
        folders.push(join(site, '..'), streamed, atOnce);
        const outcome = await buildSite({
          site,
          out: streamed,
          baseUrl: BASE_URL,
          rootPath: '/var/www/typemill',
          workers,
        });
        assert.ok(outcome.ok);
        await publishAtOnce(site, atOnce, '/var/www/typemill');
        const [fromStream, fromWhole] = await Promise.all([published(streamed), published(atOnce)]);
        assert.ok(Object.keys(fromWhole.index.entries).some((key) => key.startsWith('content:')));
        assert.ok([...fromWhole.files.keys()].some((name) => name.endsWith('.gz')));
        assert.equal(fromStream.index, fromWhole.index);
        assert.equal([...fromStream.files.keys()], [...fromWhole.files.keys()]);
        assert.ok(
          [...fromStream.files].every(([name, bytes]) => fromWhole.files.get(name) === bytes),
          'a body file differs',
        );
      },
    );
  }
}

const failing = suite(`a build whose body writes fail after ${BODIES_BEFORE_FAILURE} bodies, while pages render`);
let site = '';
let out = '';
failing.before.each(async () => {
  site = await copyFixture('site');
  out = await temporaryDir('fail-mid-render-dist');
});
failing.after.each(async () => {
  await removeDir(join(site, '..'));
  await removeDir(out);
});

failing(
  'exits 1 naming the failure, removes its staging folder and leaves current and every file as they were',
  async () => {
    assert.ok((await buildSite({ site, out, baseUrl: BASE_URL })).ok);
    const before = await listTree(out);
    const current = await readlink(join(out, DIST_LAYOUT.currentLink));
    // Another base URL changes every page's content: every page is rendered again, none comes from the cache.
    const { code, stderr } = await buildWithFault(FAIL_MID_RENDER, site, out, 'http://localhost/elsewhere');
    assert.is(code, 1);
    assert.equal(
      stderr.split('\n').filter((line) => line.startsWith('snapi build:')),
      [`snapi build: failed: ${FAILURE}; the current snapshot is unchanged.`],
    );
    assert.is(await readlink(join(out, DIST_LAYOUT.currentLink)), current);
    assert.equal(await listTree(out), before);
  },
);

failing('a first build into a new folder leaves no folder behind', async () => {
  const fresh = join(out, 'not-yet');
  const { code } = await buildWithFault(FAIL_MID_RENDER, site, fresh, BASE_URL);
  assert.is(code, 1);
  assert.equal(await readdir(out), []);
});

same.run();
failing.run();
