// Search counts made while pages render: kept by the search step only for the inputs they were made from, and the
// step's index is the same as counting every page after rendering, in any order pages rendered.
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { KEYS, keyOf } from '../../../contract/endpoints.ts';
import { languageTools } from '../../../contract/search/search-terms.ts';
import { build, planBuild, type BuildPlan } from '../../../generator/build.ts';
import { loadSite } from '../../../generator/load/load-site.ts';
import { countedPage } from '../../../generator/search/page-search.ts';
import {
  languageOf,
  pageInputs,
  searchPageOf,
  siteSearchResponses,
  type SearchMemo,
} from '../../../generator/search/site-search.ts';
import { searchWhileRendering } from '../../../generator/search/search-while-rendering.ts';
import type { BuiltResponse } from '../../../generator/types.ts';
import { FIXTURES } from '../../helpers/fixture-site.ts';

const BASE_URL = 'http://localhost/typemill';
const test = suite('search counts made while pages render');

let plan: BuildPlan;
let bodies: Map<string, BuiltResponse>;
test.before(async () => {
  const { source } = await loadSite(join(FIXTURES, 'search-docs'), BASE_URL, '/var/www/typemill');
  bodies = new Map((build(source).responses as BuiltResponse[]).map((response) => [response.key, response]));
  plan = planBuild(source);
});

const published = () => ({
  read: async (key: string) => bodies.get(key)?.body,
  hashOf: (key: string) => bodies.get(key)?.hash,
});

/** A page's bodies as the renderer hands them over: texts and the hashes the published responses have. */
function rendered(url: string) {
  const [live, draft] = [bodies.get(keyOf(KEYS.contentLive, url)), bodies.get(keyOf(KEYS.contentDraft, url))];
  const hashes = { ...(live?.hash ? { live: live.hash } : {}), ...(draft?.hash ? { draft: draft.hash } : {}) };
  return { live: live?.body, draft: draft?.body, hashes };
}

test('a page is counted with the inputs key the step computes, into the table the step counts into', async () => {
  const memo: SearchMemo = new Map();
  const count = await searchWhileRendering(plan, memo);
  const page = plan.pages.find((candidate) => rendered(candidate.url).live !== undefined);
  assert.ok(page);
  count(page.pathWithoutType, rendered(page.url));
  const inputs = searchPageOf(plan, page);
  const { hashes, live, draft } = rendered(page.url);
  const kept = memo.get(page.url);
  assert.is(kept?.inputs, pageInputs(inputs, languageOf(plan), [hashes.live, hashes.draft]));
  assert.ok(memo.terms !== undefined && kept?.counted.terms === memo.terms);
  const tools = await languageTools(languageOf(plan));
  const { title, restriction } = inputs;
  assert.equal(kept?.counted, countedPage(inputs, { live, draft, title, restriction }, tools, memo.terms));
  count(page.pathWithoutType, rendered(page.url));
  assert.is(memo.get(page.url), kept, 'the same inputs are not counted again');
  count(page.pathWithoutType, { ...rendered(page.url), hashes: { ...hashes, live: 'another' } });
  assert.is.not(memo.get(page.url), kept, 'other bodies are counted again');
});

test('the index is the same as counting after rendering, pages rendered in reverse order', async () => {
  const reference = await siteSearchResponses(plan, published());
  const memo: SearchMemo = new Map();
  const count = await searchWhileRendering(plan, memo);
  for (const page of [...plan.pages].reverse()) count(page.pathWithoutType, rendered(page.url));
  // Bodies the step would read are withheld: it must keep every early count.
  const unread = { read: async () => 'not a body', hashOf: published().hashOf };
  assert.equal(await siteSearchResponses(plan, unread, { memo }), reference);
});

test('a page counted from other bodies is counted again by the step from the published ones', async () => {
  const reference = await siteSearchResponses(plan, published());
  const memo: SearchMemo = new Map();
  const count = await searchWhileRendering(plan, memo);
  for (const page of plan.pages) {
    const { live, draft, hashes } = rendered(page.url);
    count(page.pathWithoutType, { live: draft, draft: live, hashes: { live: `x${hashes.live}`, draft: hashes.draft } });
  }
  assert.equal(await siteSearchResponses(plan, published(), { memo }), reference);
});

test.run();
