// Index shards: how many, which shard a key goes to, and a shard refused when it holds a key of another.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { shardCount, indexShardOf, splitEntries } from '../../contract/index-shards.ts';
import { parseIndexRoot, parseIndexShard } from '../../contract/parse-snapshot.ts';
import { SNAPSHOT_FORMAT } from '../../contract/snapshot.ts';

const Count = suite('shardCount');

Count('gives one site-wide shard plus the largest power of two leaving at least 128 entries per shard', () => {
  assert.equal(
    [0, 511, 512, 2_555, 26_000, 207_857].map((entries) => shardCount(entries)),
    [2, 3, 5, 17, 129, 1025],
  );
});

Count('keeps the previous count until the site doubles past 512 or halves below 64 entries per shard', () => {
  assert.equal(
    [shardCount(2_427, 9), shardCount(4_096, 9), shardCount(4_097, 9), shardCount(512, 9), shardCount(511, 9)],
    [9, 9, 33, 9, 3],
  );
});

const Assign = suite('indexShardOf');

Assign('puts one page’s keys in one value shard and site-wide keys, known or not, in shard 0', () => {
  const page = ['content:live:/guides/faq', 'content:draft:/guides/faq', 'meta:/guides/faq', 'item:/guides/faq'];
  const shards = page.map((key) => indexShardOf(key, 9));
  assert.equal(new Set(shards).size, 1);
  assert.ok((shards[0] ?? 0) >= 1 && (shards[0] ?? 0) <= 8);
  assert.equal(
    ['navigation:live', 'settings', 'search:index', 'search:index:3', 'openapi'].map((key) => indexShardOf(key, 9)),
    [0, 0, 0, 0, 0],
  );
  assert.equal([indexShardOf('meta:/a', 2), indexShardOf('meta:/b', 2)], [1, 1]);
});

const Parse = suite('parseIndexShard');

const ENTRY = { file: 'bodies/abc.json', size: 2, etag: '"abc"' };

function rootOf(shards: Array<{ entries: number }>) {
  return parseIndexRoot({
    format: SNAPSHOT_FORMAT,
    id: 's',
    builtAt: '',
    baseUrl: '',
    basePath: '',
    counts: { pages: 0, folders: 0, drafts: 0, users: 0, responses: 0, bytes: 0 },
    access: { trustedIps: [], trustedHosts: [], proxy: false, trustedProxies: [] },
    shards: shards.map((shard, position) => ({ file: `bodies/shard${position}.json`, size: 1, ...shard })),
    restrictedSlugs: {},
    userRecords: {},
  });
}

Parse('reads back what splitEntries made, and refuses a key in the wrong shard or a wrong count', () => {
  const split = splitEntries({ 'navigation:live': ENTRY, 'meta:/a': ENTRY, 'meta:/b': ENTRY }, 3);
  const root = rootOf(split.map((shard) => ({ entries: Object.keys(shard.entries).length })));
  assert.equal(
    split.map((shard, position) => parseIndexShard(JSON.parse(JSON.stringify(shard)), root, position)),
    split,
  );
  const [siteWide, first] = split;
  const wrong = { ...siteWide, entries: { ...siteWide?.entries, ...first?.entries } };
  assert.throws(() => parseIndexShard(wrong, root, 0), /entries\["meta:\/\w"\] belongs to shard [12]/);
  assert.throws(() => parseIndexShard({ ...siteWide, shard: 1 }, root, 0), /is shard 1 of 3, expected 0 of 3/);
  assert.throws(() => rootOf([{ entries: 0 }, { entries: 0 }, { entries: 0 }, { entries: 0 }]), /4 shards/);
});

Count.run();
Assign.run();
Parse.run();
