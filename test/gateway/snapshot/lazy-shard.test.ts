// Index shards parsed on first use: a start parses none, a lookup parses the shard of its key only, a shard spoilt
// after the start's size check answers 500 naming it, and the parsed shards stay within their entry limit.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { indexShardOf } from '../../../contract/index-shards.ts';
import { DIST_LAYOUT } from '../../../contract/snapshot.ts';
import type { SnapshotRoot } from '../../../contract/snapshot.ts';
import { readStoredBody } from '../../../gateway/snapshot/body-store.ts';
import { LazyShard } from '../../../gateway/snapshot/lazy-shard.ts';
import { ParsedShards } from '../../../gateway/snapshot/parsed-shards.ts';
import { loadSnapshot } from '../../../gateway/snapshot/snapshot-loader.ts';
import type { ServingState } from '../../../gateway/snapshot/serving-state.ts';
import { removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { MESSAGES } from '../../../gateway/reply/reply.ts';
import { USERS, basic, standardSpec } from '../fixture.ts';
import { send } from '../http-client.ts';
import { makeTempDist, writeAndPublish } from '../make-snapshot.ts';
import { startFixture } from '../start-fixture.ts';

const OPTIONS = { lookup: async () => [] };
const SHARDS = 5;
const KEY = 'content:live:/getting-started';

async function published(name: string) {
  const dist = await makeTempDist(name);
  await writeAndPublish(dist, standardSpec(`${name}-1`, { shards: SHARDS }));
  const directory = join(dist, DIST_LAYOUT.currentLink);
  const root = JSON.parse(await readFile(join(directory, DIST_LAYOUT.indexFile), 'utf8')) as SnapshotRoot;
  const place = (position: number) => `index.json shards[${position}] (${root.shards[position]!.file})`;
  return { dist, directory, root, place, shardOf: (key: string) => indexShardOf(key, SHARDS) };
}

/** The same number of bytes, no longer JSON: passes the start's size check, fails the first parse. */
async function spoil(path: string): Promise<void> {
  const bytes = await readFile(path);
  bytes[0] = 'x'.charCodeAt(0);
  await writeFile(path, bytes);
}

const parsedShards = (state: ServingState) =>
  state.reusable!.index.shards.flatMap((shard, position) => (shard.parsed ? [position] : []));

const Lazy = suite('index shards parsed on first use');

Lazy('a start parses no shard; a lookup parses the shard of its key, with the entry its file gives', async () => {
  const { dist, directory, root, shardOf } = await published('lazy-first');
  try {
    const state = await loadSnapshot(dist, { ...OPTIONS, searchInBackground: true });
    assert.equal([state.stats?.indexShardsParsed, state.stats?.bodyFilesChecked, parsedShards(state)], [0, 0, [0]]);
    assert.is(state.snapshot.entries.size, root.counts.responses);
    const entry = state.snapshot.entries.get(KEY)!;
    const file = JSON.parse(await readFile(join(directory, root.shards[shardOf(KEY)]!.file), 'utf8'));
    const stored = file.entries[KEY];
    assert.equal(
      [entry.etag, entry.identity.file, entry.identity.size, entry.gzip?.file, entry.gzip?.size, entry.restriction],
      [stored.etag, stored.file, stored.size, stored.gzip?.file, stored.gzip?.size, stored.restriction],
    );
    assert.equal(parsedShards(state), [0, shardOf(KEY)].sort());
    assert.is(state.snapshot.entries.get('content:live:/no-such-page'), undefined);
  } finally {
    await removeDir(dist);
  }
});

Lazy('a start refuses a shard file whose size is not the one the root gives, naming the shard', async () => {
  const { dist, directory, root, place } = await published('lazy-size');
  try {
    await appendFile(join(directory, root.shards[2]!.file), ' ');
    const reason = await loadSnapshot(dist, OPTIONS).then(
      () => 'loaded',
      (error: Error) => error.message,
    );
    assert.is(
      reason,
      `${place(2)}: the root says ${root.shards[2]!.size} bytes, the file has ${root.shards[2]!.size + 1}`,
    );
  } finally {
    await removeDir(dist);
  }
});

Lazy('a shard spoilt after the size check throws on every lookup, naming the shard; the others answer', async () => {
  const { dist, directory, root, place, shardOf } = await published('lazy-spoilt');
  try {
    const state = await loadSnapshot(dist, { ...OPTIONS, searchInBackground: true });
    await spoil(join(directory, root.shards[shardOf(KEY)]!.file));
    const reasons = [0, 1].map(() => {
      try {
        return state.snapshot.entries.get(KEY);
      } catch (error) {
        return (error as Error).message;
      }
    });
    assert.equal(
      reasons.map((reason) => String(reason).split(': ')[0]),
      [place(shardOf(KEY)), place(shardOf(KEY))],
    );
    const other = ['content:live:/', 'content:live:/big'].find((key) => shardOf(key) !== shardOf(KEY))!;
    assert.ok(state.snapshot.entries.get(other) !== undefined);
  } finally {
    await removeDir(dist);
  }
});

Lazy('over HTTP: the request answers 500 and its log line names the shard; the gateway serves on', async () => {
  const fixture = await startFixture('lazy-http', { shards: SHARDS });
  try {
    const directory = join(fixture.dist, DIST_LAYOUT.currentLink);
    const root = JSON.parse(await readFile(join(directory, DIST_LAYOUT.indexFile), 'utf8')) as SnapshotRoot;
    const position = indexShardOf(KEY, SHARDS);
    await spoil(join(directory, root.shards[position]!.file));
    const failed = await send(fixture.gateway.url, '/api/v1/article/content?url=getting-started', {
      headers: { Authorization: basic(USERS.author) },
    });
    assert.equal([failed.status, failed.text], [500, JSON.stringify({ message: MESSAGES.internalError })]);
    const errors = fixture.logs.filter((line) => line.event === 'request-error');
    assert.is(errors.length, 1);
    assert.ok(
      String(errors[0]?.reason).startsWith(`index.json shards[${position}] (${root.shards[position]!.file}): `),
    );
    assert.is((await send(fixture.gateway.url, '/healthz')).status, 200);
  } finally {
    await fixture.gateway.close();
  }
});

Lazy('the parsed shards stay within their entry limit; a body held in memory outlives its shard', async () => {
  const { dist, shardOf } = await published('lazy-limit');
  try {
    const state = await loadSnapshot(dist, { ...OPTIONS, searchInBackground: true, parsedEntriesLimit: 1 });
    const { memory, index } = state.reusable!;
    const full = memory.left;
    const first = state.snapshot.entries.get(KEY)!;
    await readStoredBody(first.identity);
    assert.equal([first.identity.bytes !== undefined, memory.left], [true, full - first.identity.size]);
    const other = ['content:live:/', 'content:live:/big'].find((key) => shardOf(key) !== shardOf(KEY))!;
    assert.ok(state.snapshot.entries.has(other));
    assert.equal(
      [parsedShards(state), state.reusable!.parsedShards.entries],
      [[shardOf(other)], index.root.shards[shardOf(other)]!.entries],
    );
    // The entry object outlives the parse; made again after the entry objects are dropped, it finds the body that
    // holds the bytes instead of reading and keeping the file twice.
    const shard = index.shards[shardOf(KEY)]!;
    assert.ok(shard.get(KEY) === first);
    shard.forgetMade();
    const again = shard.get(KEY)!;
    assert.equal(
      [again === first, again.identity === first.identity, memory.left],
      [false, true, full - first.identity.size],
    );
    assert.equal(parsedShards(state), [shardOf(KEY)]);
  } finally {
    await removeDir(dist);
  }
});

Lazy(
  'keys naming one body file share its body object; a retired shard hands its memory back; two sizes refused',
  async () => {
    const directory = await temporaryDir('lazy-shard');
    await mkdir(join(directory, 'bodies'));
    const write = (entries: Record<string, unknown>) => {
      const text = JSON.stringify({ shard: 1, of: 2, entries });
      writeFileSync(join(directory, 'bodies', 'shard.json'), text);
      const shards = [
        { file: 'bodies/zero.json', size: 0, entries: 0 },
        { file: 'bodies/shard.json', size: text.length, entries: Object.keys(entries).length },
      ];
      return new LazyShard({ shards } as SnapshotRoot, 1, {
        directory,
        pool: join(directory, 'bodies'),
        memory: { limit: 1024, left: 1024 },
        parsed: new ParsedShards(),
      });
    };
    try {
      const body = { file: 'bodies/aa.json', size: 3, etag: '"aa"' };
      const shared = write({ 'content:live:/a': body, 'content:draft:/a': body });
      assert.ok(shared.get('content:live:/a')!.identity === shared.get('content:draft:/a')!.identity);
      assert.is(shared.get('content:live:/a')!.identity.path, join(directory, 'bodies', 'aa.json'));
      // A shard a reload does not take over hands back what its bodies kept; the body stops keeping bytes.
      writeFileSync(join(directory, 'bodies', 'aa.json'), 'abc');
      const identity = shared.get('content:live:/a')!.identity;
      await readStoredBody(identity);
      assert.equal([identity.memory.left, shared.ledger.kept], [1021, 3]);
      shared.retire();
      assert.equal(
        [identity.memory.left, shared.ledger.kept, shared.ledger.dropped, shared.parsed],
        [1024, 0, true, false],
      );
      const twice = write({ 'content:live:/a': body, 'content:draft:/a': { ...body, size: 4 } });
      assert.throws(
        () => twice.get('content:live:/a'),
        /^index\.json shards\[1\] \(bodies\/shard\.json\): bodies\/aa\.json: the index gives it two sizes, 3 and 4$/,
      );
    } finally {
      await removeDir(directory);
    }
  },
);

Lazy.run();
