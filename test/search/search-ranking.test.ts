// Ranking a reader expects, on the sample site: the judged query set, titles before mentions, a folder's page above its
// pages, stop words, typos and words written together.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseQuery } from '../../gateway/http/query.ts';
import { runSearch } from '../../gateway/search/run-search.ts';
import type { SearchIndex } from '../../gateway/search/search-index.ts';
import { isSearchRequest, parseSearchRequest } from '../../gateway/search/search-query.ts';
import { languageTools, termsOf } from '../../contract/search/search-terms.ts';
import { removeDir } from '../helpers/fixture-site.ts';
import { judge, misses } from './judge.ts';
import { SAMPLE_JUDGED } from './judged-sample.ts';
import { buildSampleDist, sampleSearchIndex, SAMPLE_USERS } from './sample-dist.ts';

let dist = '';
let index: SearchIndex;

const urls = async (q: string, limit = 10) => {
  const request = parseSearchRequest(parseQuery(`q=${encodeURIComponent(q)}&limit=${limit}`));
  if (!isSearchRequest(request)) throw new Error(q);
  return (await runSearch(index, request, SAMPLE_USERS.administrator)).results.map((result) => result.url);
};

const ranking = suite('search ranking on the sample site');
ranking.before(async () => {
  dist = await buildSampleDist('search-ranking');
  index = await sampleSearchIndex(dist);
});
ranking.after(() => removeDir(dist));

ranking('finds the expected page of every judged query in the first three', async () => {
  const { top3, results } = await judge(index, SAMPLE_JUDGED, SAMPLE_USERS.administrator);
  assert.is(results.length, 38);
  assert.is(misses(results), '');
  assert.is(top3, 1);
});

ranking('ranks the page whose title holds the whole query above pages that only mention it', async () => {
  assert.equal((await urls('scheduled reports', 3))[0], '/guides/dashboards/scheduled-reports');
  assert.equal((await urls('retention cohorts', 3))[0], '/guides/dashboards/widgets/retention-cohorts');
  assert.equal((await urls('data retention', 3))[0], '/guides/data-retention');
});

ranking("ranks a folder's own page above the pages in it for the folder's topic", async () => {
  assert.equal((await urls('dashboards', 3))[0], '/guides/dashboards');
  assert.equal((await urls('widgets', 3))[0], '/guides/dashboards/widgets');
  assert.equal((await urls('events goals', 3))[0], '/guides/events-and-goals');
});

ranking('indexes no stop words: a query of "a", "the" or "of the" finds nothing', async () => {
  for (const q of ['a', 'the', 'of the', 'A', 'The a an']) assert.equal(await urls(q), [], q);
});

ranking('finds a page by a word of five letters or more with one typo in the first three', async () => {
  for (const [q, url] of [
    ['instalation', '/getting-started/installation'],
    ['retension cohorts', '/guides/dashboards/widgets/retention-cohorts'],
    ['runbok', '/administration/on-call-runbook'],
  ] as const) {
    assert.ok((await urls(q, 3)).includes(url), `${q}: ${(await urls(q, 3)).join(', ')}`);
  }
});

const terms = suite('termsOf');

terms("leaves out the English stop words of Snowball's list, 'a' among them", async () => {
  const tools = await languageTools('en');
  // snowballstem.org/algorithms/english/stop.txt without the forms with apostrophes, which the tokenizer splits.
  const snowball = (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its ' +
    'itself they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having ' +
    'do does did doing would should could ought a an the and but if or because as until while of at by for with about against between into ' +
    'through during before after above below to from up down in out on off over under again further then once here there when where why how ' +
    'all any both each few more most other some such no nor not only own same so than too very'
  ).split(' ');
  assert.equal(
    snowball.filter((word) => termsOf(word, tools).length > 0),
    [],
  );
});

terms('adds the parts of a camelCase name to its terms, and stems each', async () => {
  const tools = await languageTools('en');
  assert.equal(termsOf('storePluginData', tools), ['storeplugindata', 'store', 'plugin', 'data']);
  // "on" is a stop word, so it adds nothing.
  assert.equal(termsOf('onPageReady', tools), ['onpageready', 'onpagereadi', 'page', 'ready', 'readi']);
  assert.equal(termsOf('Docker', tools), ['docker']);
});

ranking.run();
terms.run();
