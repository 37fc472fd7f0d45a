// The body pool and the sharded index: a one-page rebuild writes only its new bodies and the shard that names them,
// the sweep keeps what the current and previous snapshots name, a dist of an older format or layout is rebuilt whole.
import { lstat, mkdir, readdir, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import { poolName } from '../../../contract/dist-folder.ts';
import * as assert from 'uvu/assert';
import { indexShardOf } from '../../../contract/index-shards.ts';
import { contentHash } from '../../../contract/etag.ts';
import { DIST_LAYOUT } from '../../../contract/snapshot.ts';
import { openStaging } from '../../../generator/write/snapshot-staging.ts';
import { readSnapshotIndex } from '../../../generator/write/read-snapshot-index.ts';
import { loadSnapshot } from '../../../gateway/snapshot/snapshot-loader.ts';
import { missingFrom } from '../../helpers/snapshot-complete.ts';
import { removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { ENTRIES, SHARDS, publishPages, siteResult } from '../../helpers/many-pages.ts';

const poolNames = async (dist: string) => new Set(await readdir(join(dist, DIST_LAYOUT.bodiesDir)));
const added = (before: Set<string>, after: Set<string>) => [...after].filter((name) => !before.has(name)).sort();
const shardFile = (dist: string, position: number) =>
  readSnapshotIndex(join(dist, DIST_LAYOUT.currentLink)).shards[position]?.file.slice(DIST_LAYOUT.bodiesDir.length + 1);

const Pool = suite('the body pool and the sharded index');
let dist = '';
Pool.before.each(async () => {
  dist = await temporaryDir('pool-dist');
});
Pool.after.each(async () => {
  await removeDir(dist);
});

Pool(
  'a one-page rebuild writes one body, the one shard naming it and its history delta, and links nothing',
  async () => {
    const first = await publishPages(dist);
    assert.equal([first.shardsWritten, (await poolNames(dist)).size], [SHARDS, ENTRIES + SHARDS]);
    assert.ok((await lstat(join(first.directory, DIST_LAYOUT.bodiesDir))).isSymbolicLink());
    assert.is(await readlink(join(first.directory, DIST_LAYOUT.bodiesDir)), DIST_LAYOUT.poolLink);
    const before = await poolNames(dist);
    const body = '{"edited":true}';
    const second = await publishPages(dist, { 'content:live:/page-7': body });
    const position = indexShardOf('content:live:/page-7', SHARDS);
    const delta = second.index.root.history?.recent.at(-1)?.delta ?? '';
    assert.equal(
      added(before, await poolNames(dist)),
      [`${contentHash(body)}.json`, shardFile(dist, position), poolName(delta)].sort(),
    );
    assert.equal([second.shardsWritten, second.swept, second.changes.changed], [1, 0, ['content:live:/page-7']]);
    // Unchanged bodies are the previous snapshot's files, not copies or new links.
    const unchanged = join(DIST_LAYOUT.bodiesDir, `${contentHash(JSON.stringify({ prefix: 'meta', page: 3 }))}.json`);
    assert.is((await stat(join(second.directory, unchanged))).nlink, 1);
  },
);

Pool('the sweep keeps what the current and the previous snapshot name and removes the rest', async () => {
  await publishPages(dist);
  const second = await publishPages(dist, { 'content:live:/page-7': '{"version":2}' });
  await writeFile(join(dist, DIST_LAYOUT.bodiesDir, 'left-by-a-crash.json'), '{}');
  await writeFile(join(dist, DIST_LAYOUT.bodiesDir, '.media-0123456789ab'), 'half a file');
  const third = await publishPages(dist, { 'content:live:/page-7': '{"version":3}' });
  // The first snapshot's page-7 body and shard, and the two leftovers; the second snapshot's stay for rollback, and
  // the history's two deltas (second and third) stay while the history keeps them.
  assert.is(third.swept, 4);
  assert.equal(await readdir(join(dist, DIST_LAYOUT.snapshotsDir)), [second.id, third.id].sort());
  assert.is((await poolNames(dist)).size, ENTRIES + SHARDS + 2 + 2);
  assert.equal(missingFrom(dist, join(DIST_LAYOUT.snapshotsDir, second.id)), []);
  assert.equal(missingFrom(dist, join(DIST_LAYOUT.snapshotsDir, third.id)), []);
});

Pool('a build that fails leaves the pool as it found it, but never removes a file a kept snapshot names', async () => {
  const first = await publishPages(dist);
  await publishPages(dist, { 'content:live:/page-7': '{"version":2}' });
  const before = await poolNames(dist);
  const staging = await openStaging(dist);
  const use = { pageContent: true, compress: true };
  const original = JSON.stringify({ prefix: 'content:live', page: 7 });
  await staging.store(contentHash(original), original, use);
  await staging.store(contentHash('{"version":3}'), '{"version":3}', use);
  assert.ok((await poolNames(dist)).has(`${contentHash('{"version":3}')}.json`));
  await staging.discard();
  assert.equal([...(await poolNames(dist))].sort(), [...before].sort());
  assert.equal(missingFrom(dist, join(DIST_LAYOUT.snapshotsDir, first.id)), []);
});

/** Makes `dist` an old dist and returns its current snapshot's id: format 1 (entries inline in index.json, bodies in
 *  the snapshot folder), or format 2 in the layout before the pool (the snapshot folder holds its bodies itself). */
async function oldDist(format: 1 | 2): Promise<string> {
  if (format === 2) {
    const made = await publishPages(dist);
    await rm(join(made.directory, DIST_LAYOUT.bodiesDir));
    await rename(join(dist, DIST_LAYOUT.bodiesDir), join(made.directory, DIST_LAYOUT.bodiesDir));
    return made.id;
  }
  const old = 'old-layout';
  const directory = join(dist, DIST_LAYOUT.snapshotsDir, old);
  await mkdir(join(directory, DIST_LAYOUT.bodiesDir), { recursive: true });
  const entries: Record<string, { file: string; size: number; etag: string }> = {};
  for (const { key, body } of siteResult().responses) {
    const file = `${DIST_LAYOUT.bodiesDir}/${contentHash(body)}.json`;
    await writeFile(join(directory, file), body);
    entries[key] = { file, size: Buffer.byteLength(body), etag: `"${contentHash(body)}"` };
  }
  const { responses: _responses, errors: _errors, warnings: _warnings, stats, ...rest } = siteResult();
  const counts = { ...stats, responses: ENTRIES, bytes: 0 };
  const index = { format, id: old, builtAt: '', baseUrl: 'http://localhost', counts, entries, ...rest };
  await writeFile(join(directory, DIST_LAYOUT.indexFile), JSON.stringify(index));
  await writeFile(join(directory, DIST_LAYOUT.accountsFile), '{}');
  await writeFile(join(directory, DIST_LAYOUT.changesFile), '{}');
  await symlink(join(DIST_LAYOUT.snapshotsDir, old), join(dist, DIST_LAYOUT.currentLink));
  return old;
}

for (const format of [1, 2] as const) {
  Pool(
    `a dist of format ${format} before the pool is rebuilt whole on its first build, and the new one serves`,
    async () => {
      const old = await oldDist(format);
      assert.not.ok((await lstat(join(dist, DIST_LAYOUT.snapshotsDir, old, DIST_LAYOUT.bodiesDir))).isSymbolicLink());
      const rebuilt = await publishPages(dist, { 'meta:/page-1': '{"meta":"new"}' });
      // The old snapshot is not read: every key is new to the change report, and every body is written to the pool.
      assert.equal(
        [rebuilt.changes.previous, rebuilt.changes.added.length, rebuilt.changes.changed, rebuilt.changes.removed],
        [null, ENTRIES, [], []],
      );
      assert.equal([(await poolNames(dist)).size, rebuilt.shardsWritten], [ENTRIES + SHARDS, SHARDS]);
      assert.equal(await readdir(join(dist, DIST_LAYOUT.snapshotsDir)), [rebuilt.id]);
      assert.equal(missingFrom(dist, join(DIST_LAYOUT.snapshotsDir, rebuilt.id)), []);
      const served = await loadSnapshot(dist, { lookup: async () => [] });
      assert.equal([served.snapshot.id, served.snapshot.entries.size], [rebuilt.id, ENTRIES]);
      const next = await publishPages(dist);
      assert.equal([next.changes.previous, next.changes.changed], [rebuilt.id, ['meta:/page-1']]);
    },
  );
}

Pool.run();
