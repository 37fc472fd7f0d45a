// A snapshot whose index shards do not match its root is refused, naming the shard, and the one before serves on.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_LAYOUT } from '../../../contract/snapshot.ts';
import type { SnapshotRoot } from '../../../contract/snapshot.ts';
import { standardSpec } from '../fixture.ts';
import { publishSnapshot, writeSnapshot } from '../make-snapshot.ts';
import { startFixture } from '../start-fixture.ts';

type Spoil = (directory: string, root: SnapshotRoot) => Promise<void>;

const CASES: Array<[name: string, spoil: Spoil, reason: (root: SnapshotRoot) => string]> = [
  [
    'a shard file is missing',
    (directory, root) => rm(join(directory, root.shards[1]?.file ?? '')),
    (root) => `index.json shards[1] (${root.shards[1]?.file}): ENOENT`,
  ],
  [
    'a shard has more bytes than the root says',
    (directory, root) => appendFile(join(directory, root.shards[0]?.file ?? ''), ' '),
    (root) => `index.json shards[0] (${root.shards[0]?.file}): the root says ${root.shards[0]?.size} bytes`,
  ],
  [
    'the root gives a shard another entry count',
    async (directory, root) => {
      const shards = root.shards.map((shard, position) => (position === 1 ? { ...shard, entries: 0 } : shard));
      await writeFile(join(directory, DIST_LAYOUT.indexFile), JSON.stringify({ ...root, shards }));
    },
    (root) =>
      `index.json shards[1] (${root.shards[1]?.file}): holds ${root.shards[1]?.entries} entries, the root says 0`,
  ],
];

const Refusal = suite('a snapshot whose shards do not match its root');

for (const [name, spoil, reason] of CASES) {
  Refusal(`is refused when ${name}`, async () => {
    const fixture = await startFixture(
      `shards-${CASES.findIndex(([other]) => other === name)}`,
      {},
      { pollMs: 60_000 },
    );
    try {
      const id = `${fixture.gateway.snapshotId()}-spoilt`;
      await writeSnapshot(fixture.dist, standardSpec(id, { shards: 3 }));
      const directory = join(fixture.dist, DIST_LAYOUT.snapshotsDir, id);
      const root = JSON.parse(await readFile(join(directory, DIST_LAYOUT.indexFile), 'utf8')) as SnapshotRoot;
      await spoil(directory, root);
      await publishSnapshot(fixture.dist, id);
      const serving = fixture.gateway.snapshotId();
      assert.is(await fixture.gateway.reload(), false);
      const refusal = fixture.logs.find((line) => line.event === 'snapshot-refused');
      assert.ok(String(refusal?.reason).startsWith(reason(root)), String(refusal?.reason));
      assert.is(fixture.gateway.snapshotId(), serving);
    } finally {
      await fixture.gateway.close();
    }
  });
}

Refusal.run();
