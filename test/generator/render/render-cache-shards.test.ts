// The render cache is sharded: a rebuild after one edit rewrites only the shards whose entries changed.
import { appendFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { copyFixture, removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { readSnapshot } from '../../helpers/snapshot-bodies.ts';
import { forgetSavedPlan } from '../../helpers/saved-plan.ts';

const BASE_URL = 'http://localhost/typemill';
const shards = suite('render cache shards');
let site = '';
let out = '';
shards.before.each(async () => {
  site = await copyFixture('site');
  out = await temporaryDir('cache-shards-dist');
});
shards.after.each(async () => {
  await removeDir(join(site, '..'));
  await removeDir(out);
});

async function shardTimes(): Promise<Map<string, number>> {
  const directory = join(out, '.cache', 'rendered-pages');
  const names = (await readdir(directory)).sort();
  return new Map(
    await Promise.all(names.map(async (name) => [name, (await stat(join(directory, name))).mtimeMs] as const)),
  );
}

const build = () => buildSite({ site, out, baseUrl: BASE_URL, workers: 0 });

shards(
  'an unchanged rebuild rewrites no shard; an edit rewrites the shards of the old and the new entry only',
  async () => {
    assert.ok((await build()).ok);
    const first = await shardTimes();
    assert.ok(first.size > 2, `only ${first.size} shards`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.ok((await build()).ok);
    assert.equal(await shardTimes(), first);
    await appendFile(join(site, 'content', '06-contact.md'), '\nOne more sentence.\n');
    // The render cache serves site builds; a page-local build (the saved plan's) leaves it as it is.
    await forgetSavedPlan(out);
    assert.ok((await build()).ok);
    const third = await shardTimes();
    const rewritten = [...third].filter(([name, time]) => first.get(name) !== time).map(([name]) => name);
    assert.ok(rewritten.length >= 1 && rewritten.length <= 2, `rewritten: ${rewritten.join(', ')}`);
    assert.ok(
      [...first.keys()].filter((name) => !third.has(name)).length <= 1,
      "at most the old entry's shard went away",
    );
  },
);

shards('a build from the sharded cache publishes the bodies a build without a cache publishes', async () => {
  assert.ok((await build()).ok);
  await appendFile(join(site, 'content', '06-contact.md'), '\nOne more sentence.\n');
  assert.ok((await build()).ok);
  const cached = await readSnapshot(out);
  const fresh = await temporaryDir('cache-shards-fresh');
  try {
    assert.ok((await buildSite({ site, out: fresh, baseUrl: BASE_URL, workers: 0 })).ok);
    assert.equal(cached.bodies, (await readSnapshot(fresh)).bodies);
  } finally {
    await removeDir(fresh);
  }
});

shards.run();
