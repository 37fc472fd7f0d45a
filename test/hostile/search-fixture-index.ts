// Test helper: pages and a search index for the hand-made gateway fixture, so hostile requests reach a real search.
import { searchFromCounts } from '../../generator/search/search-from-counts.ts';
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

/** Content bodies of the search pages plus the sharded index written from them by the generator's own code. */
export async function searchFixtureBodies(): Promise<Record<string, FixtureBody>> {
  const responses: BuiltResponse[] = PAGES.flatMap((page) =>
    (
      [
        ['live', page.live],
        ['draft', page.draft],
      ] as const
    ).flatMap(([version, body]) =>
      body === undefined
        ? []
        : [
            {
              key: `content:${version}:${page.url}`,
              body,
              ...(page.restriction ? { restriction: page.restriction } : {}),
            },
          ],
    ),
  );
  const pages = PAGES.map((page) => ({
    url: page.url,
    slug: page.url.split('/').at(-1) ?? '',
    name: page.url,
    title: '',
    restriction: page.restriction,
    hashes: [undefined, undefined] as const,
    edited: { live: page.live, draft: page.draft },
  }));
  const index = (await searchFromCounts(pages, 'en', new Map())) ?? [];
  return Object.fromEntries([
    ...responses.map((response) => [
      response.key,
      { json: response.body, ...(response.restriction ? { restriction: response.restriction } : {}) },
    ]),
    ...index.map((response) => [response.key, { json: response.body, compressed: false }]),
  ]);
}
