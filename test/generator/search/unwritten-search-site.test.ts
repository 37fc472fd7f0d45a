// A cold page build's search step: the index made from the counts saved to disk, its bodies unwritten, patched by
// updateSearchPages, returns exactly the search entries a full build of the edited site changes, with the same bytes
// (docs/decisions.md: A cold page build reads what the edit touches).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { KEYS, keyOf } from '../../../contract/endpoints.ts';
import { contentHash } from '../../../contract/etag.ts';
import { SEARCH_INDEX_KEY } from '../../../contract/search/search-format.ts';
import { searchShardOf, shardKey } from '../../../contract/search/search-shards.ts';
import { type BuildPlan, build, planBuild } from '../../../generator/build.ts';
import { loadSearchCounts, saveSearchCounts } from '../../../generator/search/search-count-cache.ts';
import { languageOf, searchPageOf, siteSearchResponses } from '../../../generator/search/search-step.ts';
import type { SearchMemo } from '../../../generator/search/search-step.ts';
import { updateSearchPages } from '../../../generator/search/search-update.ts';
import { UNWRITTEN, unwrittenSearchSite } from '../../../generator/search/unwritten-search-site.ts';
import { sourceOfTexts } from '../../helpers/texts-source.ts';
import type { Texts } from '../../helpers/texts-source.ts';
import { removeDir, temporaryDir } from '../../helpers/fixture-site.ts';

/** 210 pages in 16 shards; pages 1–106 say "borderline": 106 of 210 documents, just over half, so common (common
 *  terms count from 200 documents). */
const PAGES_PER_SHARD = 16;
const SHARDS = 16;
const FINGERPRINT = 'unwritten search site test';

const pagePath = (number: number) => `content/${String(number).padStart(3, '0')}-page-${number}`;
const urlOf = (number: number) => `/page-${number}`;

function baseTexts(): Texts {
  const texts: Texts = { 'settings/settings.yaml': 'language: en\n', 'content/index.md': '# Home\n\nAlpha home.\n' };
  for (let number = 1; number <= 209; number++)
    texts[`${pagePath(number)}.md`] =
      `# Page ${number}\n\nAlpha text of page ${number}${number <= 106 ? ', borderline' : ''}: word${number}.\n`;
  return texts;
}

function built(texts: Texts) {
  const source = sourceOfTexts(texts);
  const bodies = new Map(
    build(source)
      .responses.filter((response) => response.key.startsWith('content:'))
      .map((response) => [response.key, response.body]),
  );
  const hashOf = (key: string) => {
    const body = bodies.get(key);
    return body === undefined ? undefined : contentHash(body);
  };
  const plan: BuildPlan = planBuild(source);
  return { plan, bodies, contents: { read: async (key: string) => bodies.get(key), hashOf } };
}

async function fullStep(site: ReturnType<typeof built>, memo?: SearchMemo): Promise<Map<string, string>> {
  const responses = await siteSearchResponses(site.plan, site.contents, {
    pagesPerShard: PAGES_PER_SHARD,
    ...(memo ? { memo } : {}),
  });
  return new Map(responses.map((response) => [response.key, response.body]));
}

function editedPage(site: ReturnType<typeof built>, url: string) {
  const page = site.plan.pages.find((entry) => entry.url === url)!;
  const [live, draft] = [keyOf(KEYS.contentLive, url), keyOf(KEYS.contentDraft, url)];
  const hashes = { live: site.contents.hashOf(live), draft: site.contents.hashOf(draft) };
  return { ...searchPageOf(site.plan, page), live: site.bodies.get(live), draft: site.bodies.get(draft), hashes };
}

const sorted = (entries: Iterable<[string, string]>) => [...entries].sort(([left], [right]) => (left < right ? -1 : 1));

/** Builds `before` with a memo saved to disk, as a cold build finds it; edits page `number` as `after` has it; returns
 *  the keys whose bodies changed, after checking the update against a fresh full build of `after`. */
async function checkColdUpdate(after: Texts, number: number, keepSiteCounts: boolean): Promise<string[]> {
  const before = built(baseTexts());
  const out = await temporaryDir('unwritten-search');
  try {
    const memo: SearchMemo = new Map();
    const first = await fullStep(before, memo);
    await saveSearchCounts(out, FINGERPRINT, memo);
    const cold = await loadSearchCounts(out, FINGERPRINT);
    assert.ok(cold.savedSite !== undefined, 'the site’s term counts are saved');
    if (!keepSiteCounts) cold.savedSite = undefined;
    const urls = before.plan.pages.map((page) => page.url);
    cold.site = await unwrittenSearchSite(urls, 'en', cold, PAGES_PER_SHARD);
    assert.is(cold.site?.shards.length, SHARDS);
    assert.ok(cold.site?.shards.every((shard) => shard.body === UNWRITTEN));
    const edited = built(after);
    const update = await updateSearchPages(cold, [editedPage(edited, urlOf(number))], languageOf(edited.plan));
    assert.ok(update !== undefined, 'the saved counts apply the edit');
    const fresh = await fullStep(edited);
    const differing = [...fresh].filter(([key, body]) => first.get(key) !== body);
    assert.equal(sorted(update.map((response) => [response.key, response.body])), sorted(differing));
    return differing.map(([key]) => key).sort();
  } finally {
    await removeDir(out);
  }
}

const Cold = suite('the search index from saved counts, unwritten');

for (const keepSiteCounts of [true, false]) {
  const counts = keepSiteCounts ? 'the saved term counts' : 'term counts made again';
  Cold(`a body edit returns the page’s shard only (${counts})`, async () => {
    const texts = baseTexts();
    texts[`${pagePath(42)}.md`] += '\nOne more paragraph about Podman.\n';
    const changed = await checkColdUpdate(texts, 42, keepSiteCounts);
    assert.equal(changed, [shardKey(searchShardOf(urlOf(42), SHARDS))]);
  });

  Cold(
    `an edit that makes a term no longer common returns the root and the shards holding it (${counts})`,
    async () => {
      const texts = baseTexts();
      texts[`${pagePath(50)}.md`] = '# Page 50\n\nAlpha text of page 50: word50.\n';
      const changed = await checkColdUpdate(texts, 50, keepSiteCounts);
      const holding = new Set(
        Array.from({ length: 106 }, (_, index) => shardKey(searchShardOf(urlOf(index + 1), SHARDS))),
      );
      assert.equal(changed, [SEARCH_INDEX_KEY, ...holding].sort());
    },
  );
}

Cold('is not made when a page has no saved counts or a URL comes twice', async () => {
  const memo: SearchMemo = new Map();
  const site = built(baseTexts());
  await fullStep(site, memo);
  const urls = site.plan.pages.map((page) => page.url);
  assert.ok((await unwrittenSearchSite(urls, 'en', memo, PAGES_PER_SHARD)) !== undefined);
  assert.is(await unwrittenSearchSite([...urls, urlOf(1)], 'en', memo, PAGES_PER_SHARD), undefined);
  memo.delete(urlOf(3));
  assert.is(await unwrittenSearchSite(urls, 'en', memo, PAGES_PER_SHARD), undefined);
});

Cold.run();
