// The warm-up a load starts: the inline entries' deltas are read into memory, so the feed answers without reading them
// again (shown by removing the files after the warm-up), and a missing delta leaves the warm-up quiet.
import { appendFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { feedBetween } from '../../../gateway/changes/changes-endpoint.ts';
import { forgetKeptBodies, warmRecentDeltas } from '../../../gateway/changes/history-reader.ts';
import { loadSnapshot } from '../../../gateway/snapshot/snapshot-loader.ts';
import { copyFixture, removeDir } from '../../helpers/fixture-site.ts';

const test = suite('history warm-up');

test('after the warm-up the feed reads no delta file; a missing one is skipped quietly', async () => {
  const site = await copyFixture('site');
  const out = join(site, '..', 'dist');
  try {
    const ids: string[] = [];
    for (const text of ['', '\nFirst edit.\n', '\nSecond edit.\n']) {
      if (text !== '') await appendFile(join(site, 'content', '06-contact.md'), text);
      const outcome = await buildSite({ site, out, baseUrl: 'http://localhost:8080', workers: 0 });
      assert.ok(outcome.ok, 'build failed');
      ids.push(outcome.published.id);
    }
    const { snapshot } = await loadSnapshot(out, { lookup: async () => [] });
    const deltas = snapshot.history!.recent.flatMap((entry) => (entry.delta === null ? [] : [entry.delta]));
    assert.is(deltas.length, 2);
    forgetKeptBodies();
    await warmRecentDeltas(snapshot.directory, snapshot.history!);
    for (const file of deltas) await rm(join(snapshot.directory, file));
    const lists = await feedBetween(snapshot, ids[0] as string, ids[2] as string, { role: 'administrator' });
    assert.equal(lists?.urls, { added: [], changed: ['/contact'], removed: [] });
    forgetKeptBodies();
    assert.is(await warmRecentDeltas(snapshot.directory, snapshot.history!), undefined);
  } finally {
    forgetKeptBodies();
    await removeDir(join(site, '..'));
  }
});

test.run();
