// The staging snapshot: bodies stored once per hash as they come, the compressed copies their uses call for, bodies of
// the previous snapshot linked by hash, and nothing left behind when a build discards it.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DIST_LAYOUT } from '../../../contract/snapshot.ts';
import { contentHash } from '../../../contract/etag.ts';
import { openStaging } from '../../../generator/write/snapshot-staging.ts';
import { publishStaged } from '../../../generator/write/write-snapshot.ts';
import { readSnapshotIndex } from '../../../generator/write/read-snapshot-index.ts';
import { splitEntries } from '../../../contract/index-shards.ts';
import { removeDir, temporaryDir } from '../../helpers/fixture-site.ts';

/** 8 KiB of JSON: page content of this size gets gzip only, any other body gzip and brotli (compression-policy.ts). */
const BODY = JSON.stringify({
  content: Array.from({ length: 200 }, (_, block) => ({ id: block, html: `<p>block ${block} of the page</p>` })),
});
const HASH = contentHash(BODY);
const PAGE = { pageContent: true, compress: true };
const OTHER = { pageContent: false, compress: true };

const emptyResult = (responses: Array<{ key: string; stored: string }>) => ({
  responses,
  restrictedSlugs: {},
  userRecords: {},
  accounts: {},
  basePath: '',
  access: { trustedIps: [], trustedHosts: [], proxy: false, trustedProxies: [] },
  stats: { pages: 0, folders: 0, drafts: 0, users: 0 },
  errors: [],
  warnings: [],
});

const staging = suite('the staging snapshot');
let distDir = '';
staging.before.each(async () => {
  distDir = await temporaryDir('staging-dist');
});
staging.after.each(async () => {
  await removeDir(distDir);
});

staging('stores a body once per hash, page content with gzip only', async () => {
  const opened = await openStaging(distDir);
  const [first, second] = await Promise.all([opened.store(HASH, BODY, PAGE), opened.store(HASH, BODY, PAGE)]);
  assert.equal(second, first);
  assert.equal(Object.keys(first).sort(), ['gzip', 'hash', 'identity']);
  assert.equal((await readdir(join(opened.directory, DIST_LAYOUT.bodiesDir))).sort(), [
    `${HASH}.json`,
    `${HASH}.json.gz`,
  ]);
  assert.is(await opened.read(HASH), BODY);
  assert.is(await opened.read('no-such-hash'), undefined);
  await opened.discard();
});

staging(
  "a page content body that also answers another response gets that response's brotli copy, as if stored once for both",
  async () => {
    const widened = await openStaging(distDir);
    await widened.store(HASH, BODY, PAGE);
    await widened.store(HASH, BODY, OTHER);
    await widened.settled();
    const other = await temporaryDir('staging-dist-other');
    try {
      const once = await openStaging(other);
      await once.store(HASH, BODY, OTHER);
      assert.ok(once.stored(HASH)?.br, 'the fixture body is worth a brotli copy');
      assert.equal(widened.stored(HASH), once.stored(HASH));
      await once.discard();
    } finally {
      await removeDir(other);
    }
    await widened.discard();
  },
);

staging('reuses a body of the previous snapshot by hard link, and only one it has', async () => {
  const first = await openStaging(distDir);
  assert.is(first.reuse(HASH), false);
  await first.store(HASH, BODY, PAGE);
  await publishStaged(first, emptyResult([{ key: 'content:live:/', stored: HASH }]), {
    baseUrl: 'http://localhost',
    builtAt: new Date(),
  });
  const second = await openStaging(distDir);
  assert.is(second.reuse(HASH), true);
  assert.is(second.reuse(contentHash('{"content":[]}')), false);
  const name = join(DIST_LAYOUT.bodiesDir, `${HASH}.json.gz`);
  const previous = second.previous?.directory ?? '';
  assert.is((await stat(join(second.directory, name))).ino, (await stat(join(previous, name))).ino);
  assert.is(await second.read(HASH), BODY);
  await second.discard();
});

staging(
  'responses answering with one body share its files; a restriction stays with the response it guards',
  async () => {
    const opened = await openStaging(distDir);
    await opened.store(HASH, BODY, PAGE);
    const responses = [
      { key: 'content:live:/a', stored: HASH },
      { key: 'content:live:/b', stored: HASH, restriction: { role: 'editor' } },
      { key: 'content:draft:/a', stored: HASH },
    ];
    const published = await publishStaged(opened, emptyResult(responses), {
      baseUrl: 'http://localhost',
      builtAt: new Date(),
    });
    const shared = {
      file: `bodies/${HASH}.json`,
      size: BODY.length,
      etag: `"${HASH}"`,
      gzip: { file: `bodies/${HASH}.json.gz`, size: (await stat(join(distDir, 'bodies', `${HASH}.json.gz`))).size },
    };
    const expected = {
      'content:live:/a': shared,
      'content:live:/b': { ...shared, restriction: { role: 'editor' } },
      'content:draft:/a': shared,
    };
    const { index, shards } = readSnapshotIndex(join(distDir, DIST_LAYOUT.currentLink));
    assert.equal(index.entries, expected);
    assert.equal([published.files, published.responses, published.bytes], [1, 3, BODY.length]);
    // Each shard holds its keys as splitEntries puts them, in the order the responses came.
    assert.equal(published.index.shardFiles, splitEntries(expected, shards.length));
  },
);

staging('discarding removes the staging folder and refuses later bodies', async () => {
  const opened = await openStaging(distDir);
  await opened.store(HASH, BODY, PAGE);
  await opened.discard();
  assert.equal(await readdir(distDir), [], 'the snapshots folder it made went too');
  try {
    await opened.store(contentHash('{}'), '{}', PAGE);
    assert.unreachable('a discarded staging snapshot stored a body');
  } catch (error) {
    assert.match((error as Error).message, 'discarded');
  }
});

staging('discarding a staging snapshot in a folder it created removes that folder too', async () => {
  const fresh = join(distDir, 'new', 'dist');
  const opened = await openStaging(fresh);
  await opened.store(HASH, BODY, PAGE);
  await opened.discard();
  assert.equal(await readdir(distDir), []);
});

staging('publishing refuses a streamed response whose body was never stored', async () => {
  const opened = await openStaging(distDir);
  try {
    await publishStaged(opened, emptyResult([{ key: 'content:live:/', stored: HASH }]), {
      baseUrl: 'http://localhost',
      builtAt: new Date(),
    });
    assert.unreachable('published a snapshot without a body file');
  } catch (error) {
    assert.is((error as Error).message, `response content:live:/: its body ${HASH} is not in the staging snapshot`);
  }
  await opened.discard();
  assert.equal(await readdir(distDir), []);
});

staging.run();
