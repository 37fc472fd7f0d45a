// Relevance by rare words and phrases on the search-docs fixture, a documentation site in the shape of
// Typemill's: the rare word decides, words standing together beat titles holding one of them, question words count for
// nothing, declared synonyms find the page that says another word, and the snippet marks the query's words.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseQuery } from '../../gateway/http/query.ts';
import { runSearch } from '../../gateway/search/run-search.ts';
import type { SearchAnswer } from '../../gateway/search/run-search.ts';
import { loadShardedIndex } from '../../gateway/search/search-index.ts';
import type { SearchIndex } from '../../gateway/search/search-index.ts';
import { isSearchRequest, parseSearchRequest } from '../../gateway/search/search-query.ts';
import { synonymsOf } from '../../gateway/search/site-synonyms.ts';
import { FIXTURES, copyFixture, removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { judge, misses } from './judge.ts';
import { SEARCH_DOCS_JUDGED } from './judged-search-docs.ts';
import { SAMPLE_QUESTIONS } from './judged-sample.ts';
import { buildSampleDist, SAMPLE_SITE, sampleSearchIndex, SAMPLE_USERS } from './sample-dist.ts';

const folders: string[] = [];
let index: SearchIndex;

async function searchIn(within: SearchIndex, q: string, limit = 3): Promise<SearchAnswer> {
  const request = parseSearchRequest(parseQuery(`q=${encodeURIComponent(q)}&limit=${limit}`));
  if (!isSearchRequest(request)) throw new Error(q);
  return runSearch(within, request, SAMPLE_USERS.administrator);
}
const urls = async (q: string, within = index) => (await searchIn(within, q)).results.map((result) => result.url);

async function builtIndex(name: string, site: string): Promise<SearchIndex> {
  const dist = await buildSampleDist(name, site);
  folders.push(dist);
  return sampleSearchIndex(dist);
}

const relevance = suite('relevance on the search-docs fixture');
relevance.before(async () => {
  index = await builtIndex('search-relevance', join(FIXTURES, 'search-docs'));
});
relevance.after(async () => {
  for (const folder of folders) await removeDir(folder);
});

relevance('finds the expected page of every judged query first', async () => {
  const { top3, results } = await judge(index, SEARCH_DOCS_JUDGED, SAMPLE_USERS.administrator);
  assert.is(misses(results), '');
  assert.is(top3, 1);
  assert.equal(
    results.filter((result) => result.rank !== 1).map((result) => result.query),
    [],
  );
});

relevance('the rare word decides: smtp before four pages titled with "settings"', async () => {
  assert.equal(await urls('smtp settings'), [
    '/admin-guide/email-tab',
    '/admin-guide/plugin-settings',
    '/admin-guide/system-settings',
  ]);
});

relevance('words next to each other in a first line beat titles holding one of them', async () => {
  assert.equal(await urls('folder structure'), [
    '/developer-basics/folder-overview',
    '/theme-developers/theme-structure',
    '/plugin-developers/plugin-structure',
  ]);
  assert.equal(await urls('create a theme'), [
    '/theme-developers/quick-start',
    '/theme-developers',
    '/author-guide/create-pages',
  ]);
});

relevance(
  'question words count for nothing (a title that is the query word for word aside); a query of only them answers, with nothing',
  async () => {
    for (const [question, plain] of [
      ['how do i create a theme', 'create theme'],
      ['how can i create a plugin', 'create plugin'],
      ['where do i change the site language', 'change site language'],
      ['how to install typemill on nginx', 'install typemill nginx'],
    ] as const) {
      const [asked, bare] = [await searchIn(index, question, 10), await searchIn(index, plain, 10)];
      assert.equal(
        asked.results.map((result) => [result.url, result.score]),
        bare.results.map((result) => [result.url, result.score]),
        question,
      );
      assert.is(asked.total, bare.total, question);
    }
    for (const q of ['how do i', 'what can i do', 'how to'])
      assert.equal(await searchIn(index, q), { query: q, total: 0, results: [] }, q);
  },
);

relevance('marks where the query words are in the snippet', async () => {
  const [first] = (await searchIn(index, 'how to install typemill on nginx', 1)).results;
  assert.equal(first, {
    url: '/getting-started/nginx',
    title: 'Nginx',
    slug: 'nginx',
    section: 'Nginx',
    snippet:
      '…another web server, and the zip file is made for it. If you <mark>install</mark> <mark>typemill</mark> on ' +
      '<mark>nginx</mark>, add the rewrite rules below to the server block and reload the service. location / { ' +
      'try_files $uri $uri/ /index…',
    score: first?.score ?? Number.NaN,
  });
});

relevance("the site's synonyms find the page that says another word; without them it is not found", async () => {
  assert.equal(await urls('page history'), [
    '/author-guide/content-revisions',
    '/author-guide/publish-pages',
    '/author-guide/create-pages',
  ]);
  assert.equal(await urls('history'), ['/author-guide/content-revisions']);
  assert.equal((await urls('how do i restore an older version of a page'))[0], '/author-guide/content-revisions');
  const site = await copyFixture('search-docs');
  folders.push(join(site, '..'));
  await writeFile(join(site, 'settings', 'settings.yaml'), "title: 'Search Docs Fixture'\nlanguage: en\n");
  const plain = await builtIndex('search-relevance-plain', site);
  assert.equal(await urls('history', plain), []);
  assert.not.ok((await urls('page history', plain)).includes('/author-guide/content-revisions'));
});

relevance("the sample site's questions find their page in the first three", async () => {
  const sample = await builtIndex('search-relevance-sample', SAMPLE_SITE);
  const { top3, results } = await judge(sample, SAMPLE_QUESTIONS, SAMPLE_USERS.administrator);
  assert.is(misses(results), '');
  assert.is(top3, 1);
});

relevance('a word on most pages (indexed in titles only) is still marked in the snippet', async () => {
  // 201 pages, all saying "install typemill": both words are common terms, found by titles only.
  const site = join(await temporaryDir('search-common'), 'site');
  folders.push(join(site, '..'));
  await mkdir(join(site, 'settings'), { recursive: true });
  await writeFile(join(site, 'settings', 'settings.yaml'), "title: 'Common'\nlanguage: en\n");
  await mkdir(join(site, 'content'), { recursive: true });
  await writeFile(join(site, 'content', 'index.md'), '# Home\n\nInstall typemill anywhere.\n');
  for (let page = 0; page < 200; page++)
    await writeFile(
      join(site, 'content', `${String(page).padStart(3, '0')}-page-${page}.md`),
      `# Page ${page}\n\nInstall typemill on host ${page}.\n`,
    );
  await writeFile(
    join(site, 'content', '200-proxy.md'),
    '# Proxy\n\nBefore you install typemill on nginx, read this.\n',
  );
  const common = await builtIndex('search-common-dist', site);
  const [first] = (await searchIn(common, 'install typemill nginx', 1)).results;
  assert.is(first?.url, '/proxy');
  assert.is(first?.snippet, 'Before you <mark>install</mark> <mark>typemill</mark> on <mark>nginx</mark>, read this.');
});

const format = suite('sharded index format');

format(
  'a root of the format before leads is refused with a message to rebuild, never read as another format',
  async () => {
    const root = { format: 2, language: 'en', shardCount: 1, commonTerms: [] };
    const refusal = await loadShardedIndex(root, new Map(), async () => Buffer.from('{}')).then(
      () => 'accepted',
      (error: Error) => error.message,
    );
    assert.is(refusal, 'search index format: expected 3, got 2: rebuild the snapshot with this version of snapi');
  },
);

const synonyms = suite('synonymsOf');

synonyms('reads a map of words or phrases to lists, one word, or a comma list; anything else is no synonyms', () => {
  assert.equal(synonymsOf({ revisions: ['history', 'older version'] }), [
    [['revisions'], ['history'], ['older', 'version']],
  ]);
  assert.equal(synonymsOf({ faq: 'questions, answers', x: [], y: 3, 'a-b': ['c'] }), [
    [['faq'], ['questions'], ['answers']],
    [['a', 'b'], ['c']],
  ]);
  for (const value of [undefined, null, 'revisions', ['revisions'], 7])
    assert.equal(synonymsOf(value), [], String(value));
});

relevance.run();
format.run();
synonyms.run();
