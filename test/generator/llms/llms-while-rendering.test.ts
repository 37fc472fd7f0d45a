// The AI files made while pages render: the step takes a page's early answers only when they were made from the
// bodies the snapshot answers with and the page is listed the same; else it makes them again.
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { KEYS, keyOf } from '../../../contract/endpoints.ts';
import { build, planBuild, type BuildPlan } from '../../../generator/build.ts';
import { pageLlmsResponses, plannedPages, type PlannedPage } from '../../../generator/llms/llms-step.ts';
import { llmsWhileRendering } from '../../../generator/llms/llms-while-rendering.ts';
import { loadSite } from '../../../generator/load/load-site.ts';
import type { BuiltResponse } from '../../../generator/types.ts';
import { FIXTURES } from '../../helpers/fixture-site.ts';

const BASE_URL = 'http://localhost/typemill';
const test = suite('AI files made while pages render');

let plan: BuildPlan;
let page: PlannedPage;
let live = '';
let draft = '';
test.before(async () => {
  const { source } = await loadSite(join(FIXTURES, 'site'), BASE_URL, '/var/www/typemill');
  const responses = build(source).responses as BuiltResponse[];
  plan = planBuild(source);
  const bodyOf = (key: string) => responses.find((response) => response.key === key)?.body;
  // A listed page whose draft differs from its live body: both texts matter.
  page = plannedPages(plan, () => true).find((candidate) => {
    const [liveBody, draftBody] = [
      bodyOf(keyOf(KEYS.contentLive, candidate.url)),
      bodyOf(keyOf(KEYS.contentDraft, candidate.url)),
    ];
    return candidate.listable && liveBody !== undefined && draftBody !== undefined && liveBody !== draftBody;
  }) as PlannedPage;
  assert.ok(page, 'the fixture has a listed page with a draft of its own');
  live = bodyOf(keyOf(KEYS.contentLive, page.url)) as string;
  draft = bodyOf(keyOf(KEYS.contentDraft, page.url)) as string;
});

/** Content bodies whose hashes are the given ones for `page`'s keys. */
const published = (hashes: { live?: string; draft?: string }) => ({
  read: async () => undefined,
  hashOf: (key: string) =>
    key === keyOf(KEYS.contentLive, page.url)
      ? hashes.live
      : key === keyOf(KEYS.contentDraft, page.url)
        ? hashes.draft
        : undefined,
});

test('a page rendered from the published bodies gives the answers the step makes from them', async () => {
  const staged: BuiltResponse[][] = [];
  const early = llmsWhileRendering(plan, async (batch) => (staged.push(batch), batch));
  await early.pageRendered(page.pathWithoutType, { live, draft, hashes: { live: 'L', draft: 'D' } });
  const expected = pageLlmsResponses(page, BASE_URL, { live, draft });
  assert.equal(staged, [expected]);
  const taken = early.take(page, published({ live: 'L', draft: 'D' }));
  assert.ok(taken);
  assert.equal(await taken.staged, expected);
  assert.is(taken.partHash, expected.find((response) => response.key === keyOf(KEYS.llmsPart, page.url))?.hash);
});

test('answers made from other bodies, or for a page listed otherwise, are not taken', async () => {
  const early = llmsWhileRendering(plan, async (batch) => batch);
  await early.pageRendered(page.pathWithoutType, { live, draft, hashes: { live: 'L', draft: 'D' } });
  assert.is(early.take(page, published({ live: 'L', draft: 'other' })), undefined);
  assert.is(early.take(page, published({ live: 'other', draft: 'D' })), undefined);
  assert.is(early.take(page, published({ draft: 'D' })), undefined);
  assert.is(early.take({ ...page, listable: false }, published({ live: 'L', draft: 'D' })), undefined);
});

test('a page without a live body is made unlisted, so a listed page does not take it', async () => {
  const early = llmsWhileRendering(plan, async (batch) => batch);
  await early.pageRendered(page.pathWithoutType, { live: undefined, draft, hashes: { draft: 'D' } });
  assert.is(early.take(page, published({ draft: 'D' })), undefined);
  const unlisted = { ...page, listable: false };
  const taken = early.take(unlisted, published({ draft: 'D' }));
  assert.equal(await taken?.staged, pageLlmsResponses(unlisted, BASE_URL, { live: undefined, draft }));
});

test('a path the AI files do not list makes nothing', async () => {
  const staged: BuiltResponse[][] = [];
  const early = llmsWhileRendering(plan, async (batch) => (staged.push(batch), batch));
  await early.pageRendered('/no-such-page', { live, draft, hashes: { live: 'L', draft: 'D' } });
  assert.equal(staged, []);
});

test('a URL rendered twice (two pages of one URL): neither answer is taken, the step decides', async () => {
  const early = llmsWhileRendering(plan, async (batch) => batch);
  await early.pageRendered(page.pathWithoutType, { live, draft, hashes: { live: 'L', draft: 'D' } });
  await early.pageRendered(page.pathWithoutType, { live: draft, draft, hashes: { live: 'D', draft: 'D' } });
  await early.pageRendered(page.pathWithoutType, { live, draft, hashes: { live: 'L', draft: 'D' } });
  assert.is(early.take(page, published({ live: 'L', draft: 'D' })), undefined);
});

test.run();
