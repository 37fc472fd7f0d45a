// updateSearchPages, the search step of a page-local rebuild: it returns exactly the search entries a full build of
// the edited site changes, with the same bytes, and leaves a memo that the next update or full build continues from.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { KEYS, keyOf } from '../../../contract/endpoints.ts';
import { contentHash } from '../../../contract/etag.ts';
import { SEARCH_INDEX_KEY } from '../../../contract/search/search-format.ts';
import { shardKey, searchShardOf } from '../../../contract/search/search-shards.ts';
import type { SearchRoot } from '../../../contract/search/search-shards.ts';
import { type BuildPlan, build, planBuild } from '../../../generator/build.ts';
import { updateSearchPages } from '../../../generator/search/search-update.ts';
import type { EditedPage } from '../../../generator/search/search-update.ts';
import { languageOf, searchPageOf, siteSearchResponses } from '../../../generator/search/search-step.ts';
import type { ContentBodies, SearchMemo } from '../../../generator/search/search-step.ts';
import { sourceOfTexts } from '../../helpers/texts-source.ts';
import type { Texts } from '../../helpers/texts-source.ts';

/** 210 pages give 16 shards; common terms count from 200 documents. */
const PAGES_PER_SHARD = 16;
const SHARDS = 16;

const pagePath = (number: number) => `content/${String(number).padStart(3, '0')}-page-${number}`;
const urlOf = (number: number) => `/page-${number}`;

/** The home page and pages 1–209; every page says "alpha", pages 1–106 say "borderline" (106 of 211 documents: just
 *  over half, so common), page 3 has a draft that differs from its live text. */
function baseTexts(): Texts {
  const texts: Texts = {
    'settings/settings.yaml': 'language: en\n',
    'content/index.md': '# Home\n\nWelcome, alpha reader.\n',
    [`${pagePath(3)}.txt`]: JSON.stringify(['# Page 3', 'Draft of page three, alpha only.']),
    [`${pagePath(7)}.yaml`]: "meta:\n    title: 'Seventh page'\n",
  };
  for (let number = 1; number <= 209; number++)
    texts[`${pagePath(number)}.md`] =
      `# Page ${number}\n\nAlpha text of page ${number}${number <= 106 ? ', borderline' : ''}: word${number}.\n`;
  return texts;
}

/** A built site: its plan and content bodies, `removed` pages' bodies left out (a page with nothing to search). */
interface Built {
  plan: BuildPlan;
  bodies: Map<string, string>;
  contents: ContentBodies;
}

function built(texts: Texts, removed: readonly string[] = []): Built {
  const source = sourceOfTexts(texts);
  const removedKeys = new Set(removed.flatMap((url) => [keyOf(KEYS.contentLive, url), keyOf(KEYS.contentDraft, url)]));
  const bodies = new Map(
    build(source)
      .responses.filter((response) => response.key.startsWith('content:') && !removedKeys.has(response.key))
      .map((response) => [response.key, response.body]),
  );
  const contents = {
    read: async (key: string) => bodies.get(key),
    hashOf: (key: string) => {
      const body = bodies.get(key);
      return body === undefined ? undefined : contentHash(body);
    },
  };
  return { plan: planBuild(sourceOfTexts(texts)), bodies, contents };
}

const asMap = (responses: ReadonlyArray<{ key: string; body: string }>) =>
  new Map(responses.map((response) => [response.key, response.body]));

/** Entries in key order (uvu shows two Maps that differ as `{}`). */
const sorted = (entries: Iterable<[string, string]>) => [...entries].sort(([left], [right]) => (left < right ? -1 : 1));

async function fullStep(site: Built, memo?: SearchMemo): Promise<Map<string, string>> {
  return asMap(
    await siteSearchResponses(site.plan, site.contents, {
      pagesPerShard: PAGES_PER_SHARD,
      ...(memo ? { memo } : {}),
    }),
  );
}

function editedPages(site: Built, urls: readonly string[]): EditedPage[] {
  return urls.map((url) => {
    const page = site.plan.pages.find((entry) => entry.url === url)!;
    const [live, draft] = [keyOf(KEYS.contentLive, url), keyOf(KEYS.contentDraft, url)];
    return {
      ...searchPageOf(site.plan, page),
      live: site.bodies.get(live),
      draft: site.bodies.get(draft),
      hashes: { live: site.contents.hashOf(live), draft: site.contents.hashOf(draft) },
    };
  });
}

const commonTerms = (entries: Map<string, string>) =>
  (JSON.parse(entries.get(SEARCH_INDEX_KEY)!) as SearchRoot).commonTerms;

/** Builds `before` with a memo, updates it with the pages of `urls` from `after`, and checks the update against a fresh
 *  full build of `after`; the memo is then checked by a following full build and returned with the changed keys. */
async function checkUpdate(before: Built, after: Built, urls: readonly string[]) {
  const memo: SearchMemo = new Map();
  const first = await fullStep(before, memo);
  const fresh = await fullStep(after);
  const update = await updateSearchPages(memo, editedPages(after, urls), languageOf(after.plan));
  assert.ok(update !== undefined, 'the memo applies the edit');
  const differing = [...fresh].filter(([key, body]) => first.get(key) !== body);
  assert.equal(sorted(asMap(update)), sorted(differing));
  assert.equal(await fullStep(after, memo), fresh, 'a following full build with the memo equals a fresh one');
  return { changed: differing.map(([key]) => key).sort(), first, fresh, memo };
}

const update = suite('updateSearchPages');
const base = built(baseTexts());

update('the test site has 16 shards, English terms and five common terms', async () => {
  const entries = await fullStep(base);
  assert.is(languageOf(base.plan), 'en');
  assert.is(entries.size, SHARDS + 1);
  assert.equal(commonTerms(entries), ['alpha', 'borderlin', 'borderline', 'page', 'text']);
});

update('a body edit returns the page’s shard only', async () => {
  const texts = baseTexts();
  texts[`${pagePath(42)}.md`] += '\nOne more paragraph about Podman.\n';
  const { changed } = await checkUpdate(base, built(texts), [urlOf(42)]);
  assert.equal(changed, [shardKey(searchShardOf(urlOf(42), SHARDS))]);
});

update('a meta title edit returns the page’s shard only', async () => {
  const texts = baseTexts();
  texts[`${pagePath(7)}.yaml`] = "meta:\n    title: 'The seventh page, renamed'\n";
  const after = built(texts);
  assert.is(
    searchPageOf(after.plan, after.plan.pages.find((page) => page.url === urlOf(7))!).title,
    'The seventh page, renamed',
  );
  const { changed, fresh } = await checkUpdate(base, after, [urlOf(7)]);
  assert.equal(changed, [shardKey(searchShardOf(urlOf(7), SHARDS))]);
  assert.ok(fresh.get(changed[0]!)?.includes('"title":"The seventh page, renamed"'));
});

update('a restriction change returns the page’s shard only', async () => {
  const texts = baseTexts();
  texts[`${pagePath(8)}.yaml`] = 'meta:\n    allowedrole: editor\n';
  const { changed, fresh } = await checkUpdate(base, built(texts), [urlOf(8)]);
  assert.equal(changed, [shardKey(searchShardOf(urlOf(8), SHARDS))]);
  assert.ok(fresh.get(changed[0]!)?.includes('"restriction":{"role":"editor"}'));
});

update('an edit that makes a term no longer common returns the root and every shard it was left out of', async () => {
  const texts = baseTexts();
  texts[`${pagePath(50)}.md`] = '# Page 50\n\nAlpha text of page 50: word50.\n';
  const { changed, first, fresh } = await checkUpdate(base, built(texts), [urlOf(50)]);
  assert.equal(commonTerms(fresh), ['alpha', 'page', 'text']);
  // Every shard holding one of pages 1–106 (borderline) changes; the root lists the common terms.
  const holding = new Set(Array.from({ length: 106 }, (_, index) => shardKey(searchShardOf(urlOf(index + 1), SHARDS))));
  assert.equal(changed, [SEARCH_INDEX_KEY, ...holding].sort());
  assert.is(first.size, fresh.size);
});

update('a page gaining a draft moves the threshold (one more document) and so the common terms', async () => {
  const texts = baseTexts();
  texts[`${pagePath(10)}.txt`] = JSON.stringify(['# Page 10', 'A draft of page ten, alpha.']);
  const { changed, fresh } = await checkUpdate(base, built(texts), [urlOf(10)]);
  // 106 of 212 documents is no longer more than half.
  assert.equal(commonTerms(fresh), ['alpha', 'page', 'text']);
  assert.ok(changed.includes(SEARCH_INDEX_KEY));
  assert.ok(changed.includes(shardKey(searchShardOf(urlOf(10), SHARDS))));
});

update('a page left with nothing to search changes its shard and its successor’s `after` link', async () => {
  const { changed, fresh } = await checkUpdate(base, built(baseTexts(), [urlOf(150)]), [urlOf(150)]);
  assert.equal(
    changed,
    [shardKey(searchShardOf(urlOf(150), SHARDS)), shardKey(searchShardOf(urlOf(151), SHARDS))].sort(),
  );
  assert.ok(fresh.get(shardKey(searchShardOf(urlOf(151), SHARDS)))?.includes(`"after":"${urlOf(149)}"`));
  // And back: the page searchable again restores the first build's bodies.
  const memo: SearchMemo = new Map();
  const first = await fullStep(built(baseTexts(), [urlOf(150)]), memo);
  const restored = await updateSearchPages(memo, editedPages(base, [urlOf(150)]), 'en');
  assert.equal(
    asMap(restored ?? []),
    new Map([...(await fullStep(base))].filter(([key, body]) => first.get(key) !== body)),
  );
});

update('updates one after another each return what changed since the one before', async () => {
  const memo: SearchMemo = new Map();
  await fullStep(base, memo);
  let previous = await fullStep(base);
  const texts = baseTexts();
  for (const [number, word] of [
    [42, 'Podman'],
    [42, 'Kubernetes'],
    [99, 'Nomad'],
  ] as const) {
    texts[`${pagePath(number)}.md`] += `\n${word}.\n`;
    const after = built(texts);
    const fresh = await fullStep(after);
    const returned = await updateSearchPages(memo, editedPages(after, [urlOf(number)]), 'en');
    assert.equal(sorted(asMap(returned ?? [])), sorted([...fresh].filter(([key, body]) => previous.get(key) !== body)));
    previous = fresh;
  }
});

update('returns undefined without a full build’s index, for another language or an unknown URL', async () => {
  const memo: SearchMemo = new Map();
  assert.is(await updateSearchPages(memo, editedPages(base, [urlOf(1)]), 'en'), undefined);
  await fullStep(base, memo);
  assert.is(await updateSearchPages(memo, editedPages(base, [urlOf(1)]), 'de'), undefined);
  const unknown = { ...editedPages(base, [urlOf(1)])[0]!, url: '/no-such-page' };
  assert.is(await updateSearchPages(memo, [unknown], 'en'), undefined);
  assert.equal(await updateSearchPages(memo, editedPages(base, [urlOf(1)]), 'en'), [], 'the memo is still whole');
});

update.run();

const reuse = suite('siteSearchResponses with a memo');

reuse('keeps the last build’s entry of every shard whose pages and common terms did not change', async () => {
  const memo: SearchMemo = new Map();
  await fullStep(base, memo);
  const shards = memo.site!.shards;
  const texts = baseTexts();
  texts[`${pagePath(42)}.md`] += '\nPodman.\n';
  await fullStep(built(texts), memo);
  const edited = searchShardOf(urlOf(42), SHARDS);
  assert.equal(
    memo.site!.shards.map((shard, number) => shard === shards[number]),
    shards.map((_, number) => number !== edited),
  );
});

reuse('writes every shard again whose pages hold a term that stopped being common', async () => {
  const memo: SearchMemo = new Map();
  await fullStep(base, memo);
  const { shards, root } = memo.site!;
  const texts = baseTexts();
  texts[`${pagePath(50)}.md`] = '# Page 50\n\nAlpha text of page 50: word50.\n';
  await fullStep(built(texts), memo);
  assert.is.not(memo.site!.root, root);
  assert.ok(memo.site!.shards.every((shard, number) => shard !== shards[number]));
});

reuse.run();
