// The search counts on disk: saved with their term table, loaded back as the same counts, so the next one-off build
// reads no unchanged page and writes the same search entries; another format or fingerprint is an empty memo, and a
// save after one page's edit rewrites that page's bucket and the root only.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { searchShardOf } from '../../../contract/search/search-shards.ts';
import {
  loadSearchCounts,
  loadSearchCountsLazily,
  saveSearchCounts,
  SpoiledSearchCounts,
} from '../../../generator/search/search-count-cache.ts';
import { COUNTS_DIR, readRoot, ROOT_FILE } from '../../../generator/search/search-count-files.ts';
import { siteSearchResponses } from '../../../generator/search/search-step.ts';
import type { SearchMemo } from '../../../generator/search/search-step.ts';
import { removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { sampleContents } from './sample-contents.ts';

const cache = suite('search count cache');

cache(
  'a saved memo loads as the same counts, and a build from it reads no body and writes the same bytes',
  async () => {
    const out = await temporaryDir('search-counts');
    try {
      const { plan, contents, reads } = await sampleContents();
      const memo: SearchMemo = new Map();
      const first = await siteSearchResponses(plan, contents, { memo });
      await saveSearchCounts(out, 'same code', memo);
      const loaded = await loadSearchCounts(out, 'same code');
      assert.equal(loaded.terms?.terms, memo.terms?.terms);
      assert.equal([...loaded.keys()], [...memo.keys()]);
      for (const [url, { inputs, counted }] of loaded) {
        const saved = memo.get(url)!;
        assert.is(inputs, saved.inputs);
        assert.is(counted.terms, loaded.terms);
        assert.equal(counted.documents, saved.counted.documents);
      }
      reads.length = 0;
      assert.equal(await siteSearchResponses(plan, contents, { memo: loaded }), first);
      assert.equal(reads, []);
    } finally {
      await removeDir(out);
    }
  },
);

cache('a root of another fingerprint or format, or none, is an empty memo', async () => {
  const out = await temporaryDir('search-counts');
  try {
    assert.is((await loadSearchCounts(out, 'same code')).size, 0, 'no file');
    assert.is((await loadSearchCountsLazily(out, 'same code')).size, 0, 'no file, lazily');
    const { plan, contents } = await sampleContents();
    const memo: SearchMemo = new Map();
    await siteSearchResponses(plan, contents, { memo });
    await saveSearchCounts(out, 'same code', memo);
    assert.is((await loadSearchCounts(out, 'other code')).size, 0, 'another fingerprint');
    assert.is((await loadSearchCountsLazily(out, 'other code')).size, 0, 'another fingerprint, lazily');
    // Format 4 saved every page in one file; its object in the root's place is not a root.
    const rootPath = join(out, COUNTS_DIR, ROOT_FILE);
    const format4 = { format: 4, fingerprint: 'same code', terms: [], pages: [['/', '', []]] };
    await writeFile(rootPath, serialize(format4));
    assert.is((await loadSearchCounts(out, 'same code')).size, 0, 'format 4');
    await writeFile(rootPath, 'not a root');
    assert.is((await loadSearchCountsLazily(out, 'same code')).size, 0, 'spoiled root');
  } finally {
    await removeDir(out);
  }
});

/** The sample's counts saved in buckets of two pages, with the names of their files. */
async function savedInBuckets(out: string) {
  const { plan, contents } = await sampleContents();
  const memo: SearchMemo = new Map();
  await siteSearchResponses(plan, contents, { memo });
  await saveSearchCounts(out, 'same code', memo, 2);
  const root = await readRoot(out, 'same code');
  assert.ok(root !== undefined && root.files.length > 2, 'several buckets');
  return { memo, files: root.files };
}

const isSpoiled = (error: unknown) => error instanceof SpoiledSearchCounts;
const bucketOf = (url: string, files: readonly string[]) => searchShardOf(url, files.length);

cache('a bucket that does not read empties the memo, and fails only the lazy pages that are in it', async () => {
  const out = await temporaryDir('search-counts');
  try {
    const { memo, files } = await savedInBuckets(out);
    const url = [...memo.keys()].find((key) => memo.get(key)!.counted.documents.length > 0)!;
    await writeFile(join(out, COUNTS_DIR, files[bucketOf(url, files)]!), 'not a bucket');
    assert.is((await loadSearchCounts(out, 'same code')).size, 0, 'read whole');
    const lazy = await loadSearchCountsLazily(out, 'same code');
    assert.equal([...lazy.keys()], [...memo.keys()]);
    assert.throws(() => lazy.get(url)!.counted.documents, isSpoiled);
    assert.throws(() => lazy.get(url)!.inputs, isSpoiled);
    for (const [other, entry] of lazy) {
      if (bucketOf(other, files) === bucketOf(url, files)) continue;
      assert.is(entry.inputs, memo.get(other)!.inputs);
      assert.equal(entry.counted.documents, memo.get(other)!.counted.documents);
    }
  } finally {
    await removeDir(out);
  }
});

cache('a bucket of another generator’s counts, the same pages, is not read as the root’s', async () => {
  const out = await temporaryDir('search-counts');
  const other = await temporaryDir('search-counts-other');
  try {
    const { memo, files } = await savedInBuckets(out);
    await saveSearchCounts(other, 'other code', memo, 2);
    const url = [...memo.keys()].find((key) => memo.get(key)!.counted.documents.length > 0)!;
    const bucket = bucketOf(url, files);
    const foreign = (await readRoot(other, 'other code'))!.files[bucket]!;
    await writeFile(join(out, COUNTS_DIR, files[bucket]!), await readFile(join(other, COUNTS_DIR, foreign)));
    assert.is((await loadSearchCounts(out, 'same code')).size, 0, 'read whole');
    const lazy = await loadSearchCountsLazily(out, 'same code');
    assert.throws(() => lazy.get(url)!.counted.documents, isSpoiled);
  } finally {
    await removeDir(out);
    await removeDir(other);
  }
});

cache('a save after one page changed writes that page’s bucket and the root only', async () => {
  const out = await temporaryDir('search-counts');
  try {
    const { memo, files } = await savedInBuckets(out);
    const lazy = await loadSearchCountsLazily(out, 'same code');
    const url = [...memo.keys()][1]!;
    const edited = { inputs: 'edited inputs', counted: { url, terms: lazy.terms!, documents: [] } };
    lazy.set(url, edited);
    // Without a kept index the site's term counts are counted from every page: reading, not writing, the other buckets
    // (a cold page build keeps its patched index, and reads none: test/generator/resident/cold-search-counts.test.ts).
    await saveSearchCounts(out, 'same code', lazy, 2);
    const after = (await readRoot(out, 'same code'))!.files;
    after.forEach((file, bucket) => {
      if (bucket === bucketOf(url, files)) assert.is.not(file, files[bucket], 'the edited bucket is new');
      else assert.is(file, files[bucket], `bucket ${bucket} is kept`);
    });
    assert.equal((await readdir(join(out, COUNTS_DIR))).sort(), [...after, ROOT_FILE].sort(), 'the old file is gone');
  } finally {
    await removeDir(out);
  }
});

cache('counts saved after an edit load as the edited memo', async () => {
  const out = await temporaryDir('search-counts');
  try {
    const { memo } = await savedInBuckets(out);
    const lazy = await loadSearchCountsLazily(out, 'same code');
    const url = [...memo.keys()][1]!;
    lazy.set(url, { inputs: 'edited inputs', counted: { url, terms: lazy.terms!, documents: [] } });
    await saveSearchCounts(out, 'same code', lazy, 2);
    const loaded = await loadSearchCounts(out, 'same code');
    assert.equal([...loaded.keys()], [...memo.keys()]);
    for (const [key, { inputs, counted }] of loaded) {
      assert.is(inputs, key === url ? 'edited inputs' : memo.get(key)!.inputs);
      assert.equal(counted.documents, key === url ? [] : memo.get(key)!.counted.documents);
    }
  } finally {
    await removeDir(out);
  }
});

cache.run();
