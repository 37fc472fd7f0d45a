// Specification of item lookup by URL and by slug over the draft tree
// (docs/typemill.md: URL lookups normalise the url as Typemill does; Slug lookups return every item with that slug in tree order).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Item } from '../../../../generator/plan/tree/item.ts';
import { itemsBySlug, itemsByUrl } from '../../../../generator/plan/tree/lookup.ts';
import { draftTree } from './tree-helpers.ts';

const path = (item: Item | undefined) => item?.path;

const byUrl = suite('itemsByUrl: lookup by normalised URL');

const SITE = [
  '00-getting-started/index.md',
  '00-getting-started/00-install.md',
  '00-getting-started/01-deep/00-leaf.txt',
  '01-hidden-draft.txt',
  '02-about.md',
];

byUrl('finds top-level items, descendants and unpublished items by urlRelWoF', () => {
  const urls = itemsByUrl(draftTree(SITE));
  assert.equal(
    [...urls.keys()],
    [
      '/getting-started',
      '/getting-started/install',
      '/getting-started/deep',
      '/getting-started/deep/leaf',
      '/hidden-draft',
      '/about',
    ],
  );
  assert.is(path(urls.get('/getting-started/deep/leaf')), '/00-getting-started/01-deep/00-leaf.txt');
});

byUrl('is case-sensitive and knows nothing of the installation folder', () => {
  const urls = itemsByUrl(draftTree(SITE, { basePath: '/typemill', baseUrl: 'http://localhost/typemill' }));
  assert.is(urls.get('/Getting-Started'), undefined);
  assert.is(urls.get('/typemill/getting-started'), undefined);
  assert.is(path(urls.get('/getting-started')), '/00-getting-started');
});

byUrl('lets the later of two top-level items with the same URL win', () => {
  const urls = itemsByUrl(draftTree(['00-a.md', '01-a/index.md', '01-a/00-b.md']));
  assert.is(path(urls.get('/a')), '/01-a');
  assert.is(path(urls.get('/a/b')), '/01-a/00-b.md');
});

byUrl('searches deeper URLs only below the winning top-level item', () => {
  const urls = itemsByUrl(draftTree(['00-a/index.md', '00-a/00-b.md', '01-a.md']));
  assert.is(path(urls.get('/a')), '/01-a.md');
  assert.is(urls.get('/a/b'), undefined);
});

byUrl('lets the later of two descendants with the same URL win', () => {
  const urls = itemsByUrl(draftTree(['00-top/00-Same.md', '00-top/01-same.md', '00-top/02-other.md']));
  assert.is(path(urls.get('/top/same')), '/00-top/01-same.md');
});
byUrl.run();

const bySlug = suite('itemsBySlug: lookup by computed slug');

bySlug('collects every item with the slug in depth-first tree order', () => {
  const slugs = itemsBySlug(draftTree(['00-a/00-intro.md', '00-a/01-b/00-intro.txt', '01-intro.md', '02-c/index.md']));
  assert.equal(slugs.get('intro')?.map(path), ['/00-a/00-intro.md', '/00-a/01-b/00-intro.txt', '/01-intro.md']);
});

bySlug('collects a matching folder and does not descend into it', () => {
  const slugs = itemsBySlug(
    draftTree([
      '00-examples/index.md',
      '00-examples/00-examples.md',
      '01-more/00-examples/00-examples.md',
      '02-examples.md',
    ]),
  );
  assert.equal(slugs.get('examples')?.map(path), ['/00-examples', '/01-more/00-examples', '/02-examples.md']);
});

bySlug('descends into a non-matching folder', () => {
  const slugs = itemsBySlug(draftTree(['00-outer/00-inner/00-target.md']));
  assert.equal(slugs.get('target')?.map(path), ['/00-outer/00-inner/00-target.md']);
});

bySlug('matches the computed slug exactly, never the name or a different case', () => {
  const tree = draftTree(['00-My Page.md']);
  const item = tree[0];
  if (item) item.name = 'Navigation title';
  const slugs = itemsBySlug(tree);
  assert.equal([...slugs.keys()], ['my-page']);
  assert.is(slugs.get('My-Page'), undefined);
  assert.is(slugs.get('navigation-title'), undefined);
});
bySlug.run();
