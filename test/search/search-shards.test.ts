// The sharded search index: pages assigned to shards by URL hash, a one-page edit rewriting one shard, and answers,
// scores and snippets equal to those of the single index (format 1) on the sample site, with one shard and with many.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { contentHash } from '../../contract/etag.ts';
import { SEARCH_INDEX_KEY } from '../../contract/search/search-format.ts';
import { shardCountFor, shardKey, searchShardOf, urlHash } from '../../contract/search/search-shards.ts';
import { parseQuery } from '../../gateway/http/query.ts';
import { runSearch } from '../../gateway/search/run-search.ts';
import { loadShardedIndex } from '../../gateway/search/search-index.ts';
import { parseSearchIndex } from './single-search-index.ts';
import type { SearchIndex } from '../../gateway/search/search-index.ts';
import { isSearchRequest, parseSearchRequest } from '../../gateway/search/search-query.ts';
import { type BuildPlan, finishBuild, planBuild, renderPages } from '../../generator/build.ts';
import { loadSite } from '../../generator/load/load-site.ts';
import { siteSearchResponse, siteSearchResponses } from '../../generator/search/search-step.ts';
import { countedPage } from '../../generator/search/page-search.ts';
import type { CountedPage } from '../../generator/search/page-search.ts';
import { shardedIndexResponses } from '../../generator/search/shard-writer.ts';
import { languageTools } from '../../contract/search/search-terms.ts';
import type { ReadContentBody } from '../../generator/search/search-step.ts';
import { createRandom } from '../bench/prng.ts';
import { contentReader } from '../helpers/content-reader.ts';
import { removeDir } from '../helpers/fixture-site.ts';
import { buildSampleDist, SAMPLE_SITE, SAMPLE_USERS, sampleSearchIndex } from './sample-dist.ts';

async function samplePlan(): Promise<{ plan: BuildPlan; read: ReadContentBody }> {
  const plan = planBuild((await loadSite(SAMPLE_SITE, 'http://localhost:8080')).source);
  return { plan, read: contentReader(finishBuild(plan, renderPages(plan)).responses) };
}

const hashes = (responses: ReadonlyArray<{ key: string; body: string }>) =>
  new Map(responses.map((response) => [response.key, contentHash(response.body)]));

const assignment = suite('shard assignment');

assignment('a power of two from the page count, changing only when the site doubles', () => {
  const counts = [0, 1, 128, 129, 256, 257, 4000, 40_000].map((pages) => shardCountFor(pages));
  assert.equal(counts, [1, 1, 1, 2, 2, 4, 32, 512]);
  assert.equal(
    [47, 64, 65].map((pages) => shardCountFor(pages, 4)),
    [16, 16, 32],
  );
});

assignment(
  'by the FNV-1a hash of the URL, the same on every build; doubling the count splits each shard in two',
  () => {
    assert.equal(
      ['/', '/getting-started/installation', '/section-0/chapter-0/overview'].map((url) => [
        urlHash(url),
        searchShardOf(url, 32),
        searchShardOf(url, 512),
      ]),
      [
        [705468254, 30, 350],
        [1424167103, 31, 191],
        [3543031231, 31, 447],
      ],
    );
    const random = createRandom(3);
    for (let round = 0; round < 2000; round++) {
      const url = `/${random.int(0, 99)}/page-${random.int(0, 100_000)}`;
      for (const count of [1, 2, 8, 256]) {
        const shard = searchShardOf(url, count);
        assert.ok([shard, shard + count].includes(searchShardOf(url, count * 2)), url);
      }
    }
  },
);

const edits = suite('a one-page edit');

edits('changes exactly the hash of the page’s shard body, not the root or any other shard', async () => {
  const { plan, read } = await samplePlan();
  const url = '/getting-started/installation';
  const before = hashes(await siteSearchResponses(plan, read, { pagesPerShard: 4 }));
  assert.equal(hashes(await siteSearchResponses(plan, read, { pagesPerShard: 4 })), before, 'the same on a rebuild');
  assert.is(before.size, 17, 'the root and 16 shards for 47 pages');
  const edited: ReadContentBody = async (key) => {
    const body = await read(key);
    return key === `content:live:${url}` ? body?.replace('<p>', '<p>Podman ') : body;
  };
  const after = hashes(await siteSearchResponses(plan, edited, { pagesPerShard: 4 }));
  const changed = [...after].filter(([key, hash]) => before.get(key) !== hash).map(([key]) => key);
  assert.equal(changed, [shardKey(15)]);
  assert.is(searchShardOf(url, 16), 15);
  assert.is(after.get(SEARCH_INDEX_KEY), before.get(SEARCH_INDEX_KEY));
});

edits('adding or removing a page changes its shard and the next page’s (its `after` link), not the root', async () => {
  const tools = await languageTools('en');
  const page = (url: string): CountedPage =>
    countedPage(
      { url, slug: url.slice(1), name: url },
      {
        live: JSON.stringify({ content: [{ id: 0, markdown: url, html: `<p>${url} text</p>` }] }),
        draft: undefined,
        title: url,
        restriction: undefined,
      },
      tools,
    );
  const pages = Array.from({ length: 40 }, (_, number) => page(`/p-${number}`));
  const before = hashes(shardedIndexResponses(pages, 'en', 4));
  const added = hashes(shardedIndexResponses([...pages.slice(0, 11), page('/new'), ...pages.slice(11)], 'en', 4));
  const removed = hashes(shardedIndexResponses([...pages.slice(0, 11), ...pages.slice(12)], 'en', 4));
  const changed = (after: Map<string, string>) =>
    [...after]
      .filter(([key, hash]) => before.get(key) !== hash)
      .map(([key]) => key)
      .sort();
  assert.equal([searchShardOf('/new', 16), searchShardOf('/p-11', 16), searchShardOf('/p-12', 16)], [8, 7, 10]);
  assert.equal(changed(added), [shardKey(8), shardKey(7)].sort());
  assert.equal(changed(removed), [shardKey(7), shardKey(10)].sort());
});

/** Every live title as typed, cut short, with a typo, and two titles' first words together. */
function queries(index: SearchIndex): string[] {
  const titles = [...new Set(index.documents.map((document) => document.title))];
  return titles.flatMap((title, position) => {
    const words = title.split(' ');
    const long = words.find((word) => word.length >= 5) ?? words[0]!;
    const typo = long.slice(0, 1) + long.slice(2, 3) + long.slice(1, 2) + long.slice(3);
    const other = titles[(position + 7) % titles.length]!.split(' ')[0]!;
    return [title, title.slice(0, Math.max(2, title.length - 3)), typo, `${words[0]} ${other}`];
  });
}

async function answers(index: SearchIndex, asked: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const q of asked) {
    for (const [user, draft] of [
      [SAMPLE_USERS.administrator, false],
      [SAMPLE_USERS.author, true],
      [SAMPLE_USERS.editor, false],
    ] as const) {
      const request = parseSearchRequest(parseQuery(`q=${encodeURIComponent(q)}&limit=20`));
      if (!isSearchRequest(request)) throw new Error(`"${q}" is not a valid query`);
      found.push(JSON.stringify(await runSearch(index, { ...request, draft }, user)));
    }
  }
  return found;
}

const same = suite('the sharded index answers as the single index');
let dist = '';
same.before(async () => {
  dist = await buildSampleDist('search-shards');
});
same.after(() => removeDir(dist));

same('gives the same postings, scores, results and snippets with one shard and with sixteen', async () => {
  const { plan, read } = await samplePlan();
  const built = await sampleSearchIndex(dist);
  const entries = (await import('../../gateway/snapshot/snapshot-loader.ts')).loadSnapshot;
  const { snapshot } = await entries(dist, { lookup: async () => [] });
  const single = await parseSearchIndex(JSON.parse((await siteSearchResponse(plan, read)).body), snapshot.entries);
  const responses = await siteSearchResponses(plan, read, { pagesPerShard: 4 });
  const bodies = new Map(responses.map((response) => [response.key, Buffer.from(response.body)]));
  const sharded = await loadShardedIndex(
    JSON.parse(bodies.get(SEARCH_INDEX_KEY)!.toString()),
    snapshot.entries,
    (key) => Promise.resolve(bodies.get(key)!),
  );
  const asked = queries(single);
  assert.is(asked.length, 184);
  const expected = await answers(single, asked);
  for (const [name, index] of [
    ['one shard (the build)', built],
    ['sixteen shards', sharded],
  ] as const) {
    assert.equal(index.documents, single.documents, name);
    assert.equal(index.postings.sorted, single.postings.sorted, name);
    assert.equal([...index.postings.starts], [...single.postings.starts], name);
    assert.equal([...index.postings.docs], [...single.postings.docs], name);
    assert.equal([...index.postings.scores], [...single.postings.scores], name);
    assert.equal([...index.postings.inTitle], [...single.postings.inTitle], name);
    assert.equal(await answers(index, asked), expected, name);
  }
});

assignment.run();
edits.run();
same.run();
