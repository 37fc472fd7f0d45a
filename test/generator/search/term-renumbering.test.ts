// A kept term table grown mostly stale moves the site's counts to a new table of the terms they use: the same terms
// per field in the same order, and the same search entries.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { languageTools } from '../../../contract/search/search-terms.ts';
import { countedPage } from '../../../generator/search/page-search.ts';
import type { CountedPage } from '../../../generator/search/page-search.ts';
import { siteSearchResponses } from '../../../generator/search/search-step.ts';
import type { SearchMemo } from '../../../generator/search/search-step.ts';
import { renumberedPages } from '../../../generator/search/term-renumbering.ts';
import { createTermTable, termId, termOf } from '../../../generator/search/term-table.ts';
import type { TermTable } from '../../../generator/search/term-table.ts';
import { sampleContents } from './sample-contents.ts';

const stale = (count: number) => Array.from({ length: count }, (_, number) => `stale${number}`);

async function pagesWith(table: TermTable): Promise<CountedPage[]> {
  const tools = await languageTools('en');
  return ['Install the plugin', 'Plugin settings'].map((text, number) =>
    countedPage(
      { url: `/page-${number}`, slug: `page-${number}`, name: `page ${number}` },
      {
        live: JSON.stringify({ content: [{ id: 0, markdown: text, html: `<p>${text}</p>` }] }),
        draft: undefined,
        title: `Page ${number}`,
        restriction: undefined,
      },
      tools,
      table,
    ),
  );
}

const termsOfPages = (pages: readonly CountedPage[]) =>
  pages.map((page) => page.documents.map(({ counts }) => [...counts.ids].map((id) => termOf(page.terms, id))));

const renumbering = suite('renumberedPages');

renumbering('leaves a table alone while its unused terms are at most 10,000 or its used ones', async () => {
  const table = createTermTable(stale(10_000));
  assert.is(renumberedPages(await pagesWith(table), table), undefined);
});

renumbering('moves the pages to a table of the terms they use, in the order they first use them', async () => {
  const table = createTermTable(stale(10_001));
  const pages = await pagesWith(table);
  const moved = renumberedPages(pages, table);
  assert.ok(moved);
  assert.equal(moved.terms.terms, ['page', '0', 'install', 'instal', 'plugin', '1', 'settings', 'set']);
  assert.equal([...moved.terms.ids.values()], [0, 1, 2, 3, 4, 5, 6, 7]);
  assert.equal(termsOfPages(moved.pages), termsOfPages(pages));
  assert.equal([...moved.pages[1]!.documents[0]!.counts.ids], [0, 5, 4, 6, 7]);
  assert.ok(moved.pages.every((page) => page.terms === moved.terms));
  assert.equal(
    moved.pages.map((page) => page.documents.map(({ counts }) => [counts.lengths, counts.ends, [...counts.counts]])),
    pages.map((page) => page.documents.map(({ counts }) => [counts.lengths, counts.ends, [...counts.counts]])),
  );
});

renumbering('looks at a table again only once it has doubled since it last did', async () => {
  const table = createTermTable(stale(6_000));
  const pages = await pagesWith(table);
  assert.is(renumberedPages(pages, table), undefined, 'under 10,000 unused');
  const looked = table.terms.length;
  for (const term of stale(6_000 + looked - 1).slice(6_000)) termId(table, term);
  assert.is(renumberedPages(pages, table), undefined, 'over 10,000 unused, not yet doubled');
  termId(table, 'one more');
  assert.ok(renumberedPages(pages, table), 'doubled');
});

renumbering('a search step with a memo renumbers it and writes what a fresh step writes', async () => {
  const { plan, contents, reads } = await sampleContents();
  const memo: SearchMemo = new Map();
  const fresh = await siteSearchResponses(plan, contents, { memo });
  const used = memo.terms!.terms.length;
  for (const term of stale(used + 10_001)) termId(memo.terms!, term);
  reads.length = 0;
  assert.equal(await siteSearchResponses(plan, contents, { memo }), fresh);
  assert.equal(reads, [], 'no page counted again');
  assert.is(memo.terms!.terms.length, used);
  assert.ok([...memo.values()].every(({ counted }) => counted.terms === memo.terms));
  assert.is(memo.site?.terms, memo.terms);
  assert.equal(await siteSearchResponses(plan, contents, { memo }), fresh);
  assert.equal(reads, [], 'the renumbered counts kept');
});

renumbering.run();
