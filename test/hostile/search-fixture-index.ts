// Test helper: pages and a search index for the hand-made gateway fixture, so hostile requests reach a real search.
import { SEARCH_INDEX_KEY } from '../../contract/search/search-format.ts';
import { buildSearchIndex } from '../../generator/search/build-search-index.ts';
import { searchDocuments } from '../../generator/search/search-documents.ts';
import type { BuiltResponse } from '../../generator/types.ts';
import type { Restriction } from '../../contract/snapshot.ts';
import type { FixtureBody } from '../gateway/make-snapshot.ts';

const content = (...html: string[]) =>
  JSON.stringify({ content: html.map((block, id) => ({ id, markdown: block.replace(/<[^>]+>/g, ''), html: block })) });

interface SearchPage {
  url: string;
  live?: string;
  draft?: string;
  restriction?: Restriction;
}

const PAGES: SearchPage[] = [
  {
    url: '/search/welcome',
    live: content('<h1>Welcome</h1>', '<p>Welcome to the fixture site. Search works here.</p>'),
  },
  {
    url: '/search/script',
    live: content('<h1>Snippets</h1>', '<p>Put &lt;script&gt;alert(1)&lt;/script&gt; &amp; more into the page.</p>'),
    draft: content('<h1>Snippets</h1>', '<p>Draft text about the upcoming installer.</p>'),
  },
  {
    url: '/search/editors',
    live: content('<h1>Editors only</h1>', '<p>Restricted planning notes for editors.</p>'),
    restriction: { role: 'editor' },
  },
  {
    url: '/search/personal',
    live: content('<h1>For authoruser</h1>', '<p>Personal notes for authoruser.</p>'),
    restriction: { users: ['authoruser'] },
  },
];

/** Content bodies of the search pages plus the index built from them by the generator's own code. */
export async function searchFixtureBodies(): Promise<Record<string, FixtureBody>> {
  const responses: BuiltResponse[] = PAGES.flatMap((page) => [
    ...(page.live
      ? [
          {
            key: `content:live:${page.url}`,
            body: page.live,
            ...(page.restriction ? { restriction: page.restriction } : {}),
          },
        ]
      : []),
    ...(page.draft
      ? [
          {
            key: `content:draft:${page.url}`,
            body: page.draft,
            ...(page.restriction ? { restriction: page.restriction } : {}),
          },
        ]
      : []),
  ]);
  const documents = searchDocuments(
    PAGES.map((page) => ({ url: page.url, slug: page.url.split('/').at(-1) ?? '', name: page.url })),
    responses,
  );
  const index = await buildSearchIndex(documents, 'en');
  return {
    ...Object.fromEntries(
      responses.map((response) => [
        response.key,
        { json: response.body, ...(response.restriction ? { restriction: response.restriction } : {}) },
      ]),
    ),
    [SEARCH_INDEX_KEY]: { json: JSON.stringify(index), compressed: false },
  };
}
