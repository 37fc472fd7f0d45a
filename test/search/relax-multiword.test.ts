// Typo and prefix matches on multi-word queries: they apply only where too little was found — a word
// with no visible page gets its typos, the last word with fewer than ten its prefixes, and every word both when the
// whole query found fewer than ten. Exact result lists on the sample site, so adding matches anywhere else shows.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseQuery } from '../../gateway/http/query.ts';
import { runSearch } from '../../gateway/search/run-search.ts';
import type { SearchIndex } from '../../gateway/search/search-index.ts';
import { isSearchRequest, parseSearchRequest } from '../../gateway/search/search-query.ts';
import { removeDir } from '../helpers/fixture-site.ts';
import { buildSampleDist, sampleSearchIndex, SAMPLE_USERS } from './sample-dist.ts';

let dist = '';
let index: SearchIndex;

const answer = async (q: string) => {
  const request = parseSearchRequest(parseQuery(`q=${encodeURIComponent(q)}&limit=50`));
  if (!isSearchRequest(request)) throw new Error(q);
  const { total, results } = await runSearch(index, request, SAMPLE_USERS.administrator);
  return { total, urls: results.map((result) => result.url) };
};

const ANALYST_DASHBOARD = [
  '/administration/user-management',
  '/guides/dashboards',
  '/guides/dashboards/sharing-dashboards',
  '/guides/dashboards/widgets',
  '/guides/dashboards/scheduled-reports',
  '/guides',
  '/changelog',
  '/',
  '/archive/lumen-1-x-overview',
  '/getting-started/what-is-lumen',
  '/roadmap/ideas',
  '/news/release-2-0',
  '/guides/tracking-snippet',
  '/getting-started/system-requirements',
  '/reference/style-guide',
];

const relax = suite('typo and prefix matches on multi-word queries');
relax.before(async () => {
  dist = await buildSampleDist('relax-multiword');
  index = await sampleSearchIndex(dist);
});
relax.after(() => removeDir(dist));

relax('a word with exact matches gets no typo matches, though one edit away are other terms', async () => {
  // "analyst" is one edit from "analyt", the stem of "analytics": it is not added, so "/" (which says "analytics" and
  // "dashboards") is not found for a word it lacks.
  assert.equal(await answer('analyst dashboard'), { total: 15, urls: ANALYST_DASHBOARD });
  assert.equal(await answer('dashboard analyst'), { total: 15, urls: ANALYST_DASHBOARD });
  assert.equal(await answer('custom event'), {
    total: 16,
    urls: [
      '/guides/events-and-goals/custom-events',
      '/guides/events-and-goals',
      '/guides/events-and-goals/goals',
      '/',
      '/guides/dashboards/widgets/funnel-widget',
      '/guides/events-and-goals/faq',
      '/roadmap/ideas',
      '/administration/on-call-runbook',
      '/reference/http-api',
      '/guides/data-retention',
      '/getting-started/what-is-lumen',
      '/reference/glossary',
      '/guides',
      '/news/release-2-0',
      '/guides/dashboards/sharing-dashboards',
      '/reference/style-guide',
    ],
  });
});

relax('a word that found nothing gets its typo matches, beside a word that found enough', async () => {
  assert.equal(await answer('analyst dashbord'), { total: 15, urls: ANALYST_DASHBOARD });
  const widget = await answer('widgt settings');
  assert.is(widget.total, 18);
  assert.equal(widget.urls.slice(0, 5), [
    '/guides/dashboards/scheduled-reports',
    '/guides/dashboards/sharing-dashboards',
    '/guides/dashboards',
    '/guides/dashboards/widgets',
    '/guides/dashboards/widgets/funnel-widget',
  ]);
});

relax('the last word, having ten pages or more, gets no prefix matches', async () => {
  // "data" found on enough pages: "database" (release 1.9) is not added, so that page keeps its place.
  const { total, urls } = await answer('lumen data');
  assert.is(total, 35);
  assert.equal(urls.slice(0, 8), [
    '/guides/data-retention',
    '/getting-started/what-is-lumen',
    '/archive/faq',
    '/archive/lumen-1-x-overview',
    '/news/lumen-cloud-beta',
    '/news/release-1-9',
    '/news/release-2-0',
    '/getting-started/installation',
  ]);
});

relax.run();
