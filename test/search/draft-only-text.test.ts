// Text that only a draft holds is found with `draft` and never without it: asked of the search index the generator
// makes, with the gateway's check that each document names a content entry of the snapshot left out, so this holds
// by itself and not because a wrongly marked index is refused at load (docs/testing.md: A draft version marked live).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SEARCH_INDEX_KEY } from '../../contract/search/search-format.ts';
import { parseQuery } from '../../gateway/http/query.ts';
import { runSearch } from '../../gateway/search/run-search.ts';
import { loadShardedIndex, type SearchIndex } from '../../gateway/search/search-index.ts';
import { isSearchRequest, parseSearchRequest } from '../../gateway/search/search-query.ts';
import type { LoadedEntry } from '../../gateway/snapshot/model.ts';
import { finishBuild, planBuild, renderPages } from '../../generator/build.ts';
import { loadSite } from '../../generator/load/load-site.ts';
import { pageVersions } from '../../generator/search/search-documents.ts';
import { siteSearchResponses } from '../../generator/search/search-step.ts';
import { contentReader } from '../helpers/content-reader.ts';
import { SAMPLE_SITE, SAMPLE_USERS } from './sample-dist.ts';

/** Every content key is taken to be in the snapshot; no body is (snippets are empty): the index alone answers. */
class AnyContentEntry extends Map<string, LoadedEntry> {
  override has(key: string): boolean {
    return key.startsWith('content:');
  }
}

async function sampleIndex(): Promise<SearchIndex> {
  const plan = planBuild((await loadSite(SAMPLE_SITE, 'http://localhost:8080')).source);
  const responses = await siteSearchResponses(plan, contentReader(finishBuild(plan, renderPages(plan)).responses));
  const bodies = new Map(responses.map((response) => [response.key, Buffer.from(response.body)]));
  const root = JSON.parse(String(bodies.get(SEARCH_INDEX_KEY)));
  return loadShardedIndex(root, new AnyContentEntry(), async (key) => bodies.get(key) ?? Buffer.alloc(0));
}

/** Queries of words that only a draft of the sample site holds (of a page with a live version, or without one), and
 *  the administrator's exact answers without and with `draft`. */
const DRAFT_ONLY: Array<[string, string[], string[]]> = [
  ['kubernetes', [], ['/getting-started/installation']],
  ['persistent volume', [], ['/getting-started/installation']],
  ['quarterly', [], ['/guides/dashboards/scheduled-reports']],
  ['prometheus', [], ['/administration']],
  ['maintenance window', [], ['/getting-started/upgrade-from-1-x']],
  ['provider', [], ['/news/release-2-1']],
  [
    'identity',
    ['/guides/dashboards/widgets/retention-cohorts', '/guides/privacy-mode'],
    ['/news/release-2-1', '/guides/dashboards/widgets/retention-cohorts', '/guides/privacy-mode'],
  ],
  ['promise', ['/getting-started/what-is-lumen'], ['/roadmap', '/getting-started/what-is-lumen']],
];

/** The pages whose draft alone holds the words above. */
const DRAFTED = new Set(DRAFT_ONLY.map(([, , found]) => found[0]));

const Drafts = suite('draft-only text in the search index');
let index: SearchIndex;
Drafts.before(async () => {
  index = await sampleIndex();
});

async function urls(q: string, user: { username: string; role: string }, draft: boolean): Promise<string[]> {
  const request = parseSearchRequest(parseQuery(`q=${encodeURIComponent(q)}&limit=50`));
  if (!isSearchRequest(request)) throw new Error(`"${q}" is not a valid query`);
  return (await runSearch(index, { ...request, draft }, user)).results.map((result) => result.url);
}

Drafts('a page has a live version, a draft version when its draft differs, and only the live one otherwise', () => {
  const url = '/a';
  assert.equal(
    pageVersions(url, 'live', 'draft').map(({ key, live, draft }) => ({ key, live, draft })),
    [
      { key: 'content:live:/a', live: true, draft: false },
      { key: 'content:draft:/a', live: false, draft: true },
    ],
  );
  assert.equal(
    pageVersions(url, undefined, 'draft').map(({ key, live, draft }) => ({ key, live, draft })),
    [{ key: 'content:draft:/a', live: false, draft: true }],
  );
  assert.equal(
    pageVersions(url, 'same', 'same').map(({ key, live, draft }) => ({ key, live, draft })),
    [{ key: 'content:live:/a', live: true, draft: true }],
  );
});

Drafts('is never found without draft, by any role, and is found with it', async () => {
  for (const [q, live, draft] of DRAFT_ONLY) {
    assert.equal(await urls(q, SAMPLE_USERS.administrator, false), live, `${q} without draft`);
    assert.equal(await urls(q, SAMPLE_USERS.administrator, true), draft, `${q} with draft`);
    for (const user of Object.values(SAMPLE_USERS))
      assert.equal(
        (await urls(q, user, false)).filter((url) => DRAFTED.has(url)),
        [],
        `${q} (${user.role} without draft)`,
      );
  }
});

Drafts(
  'each page is in the index once per variant: live pages without draft, drafts and unchanged pages with it',
  () => {
    const live = index.documents.filter((document) => document.live).map((document) => document.url);
    const draft = index.documents.filter((document) => document.draft).map((document) => document.url);
    assert.equal(new Set(live).size, live.length, 'one live document per page');
    assert.equal(new Set(draft).size, draft.length, 'one draft document per page');
    for (const url of ['/getting-started/upgrade-from-1-x', '/news/release-2-1', '/roadmap'])
      assert.ok(!live.includes(url) && draft.includes(url), `${url} has only a draft`);
  },
);

Drafts.run();
