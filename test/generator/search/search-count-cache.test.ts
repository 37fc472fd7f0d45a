// The search counts on disk: saved with their term table, loaded back as the same counts, so the next one-off build
// reads no unchanged page and writes the same search entries; another format or fingerprint is an empty memo.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CACHE_DIR } from '../../../generator/render/render-cache.ts';
import { loadSearchCounts, saveSearchCounts } from '../../../generator/search/search-count-cache.ts';
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

cache('a file of another fingerprint or format, or none, is an empty memo', async () => {
  const out = await temporaryDir('search-counts');
  try {
    assert.is((await loadSearchCounts(out, 'same code')).size, 0, 'no file');
    const { plan, contents } = await sampleContents();
    const memo: SearchMemo = new Map();
    await siteSearchResponses(plan, contents, { memo });
    await saveSearchCounts(out, 'same code', memo);
    assert.is((await loadSearchCounts(out, 'other code')).size, 0, 'another fingerprint');
    // Format 1 saved the memo's Map itself, term strings in every page.
    await mkdir(join(out, CACHE_DIR), { recursive: true });
    await writeFile(
      join(out, CACHE_DIR, 'search-counts.v8'),
      serialize({ fingerprint: 'same code', memo: new Map([['/', { inputs: '', counted: {} }]]) }),
    );
    assert.is((await loadSearchCounts(out, 'same code')).size, 0, 'format 1');
  } finally {
    await removeDir(out);
  }
});

cache.run();
