// Specification of the live navigation: filtering without renumbering
// (docs/typemill.md: The live navigation filters the draft tree without renumbering).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { walkItems } from '../../../../generator/plan/tree/build-items.ts';
import type { Item } from '../../../../generator/plan/tree/item.ts';
import { liveItems } from '../../../../generator/plan/tree/live-tree.ts';
import { encodePhpJson } from '../../../../generator/php/php-json.ts';
import { orderedItem } from '../../../../generator/plan/tree/item.ts';
import { draftTree, outline } from './tree-helpers.ts';

/** Marks the items with these original names as hidden, as a page yaml `hide: true` would. */
function hiding(tree: Item[], ...originalNames: string[]): Item[] {
  for (const item of walkItems(tree)) if (originalNames.includes(item.originalName)) item.hide = true;
  return tree;
}

const STATUS_TREE = [
  '00-getting-started/index.md',
  '00-getting-started/index.txt',
  '00-getting-started/00-intro.md',
  '01-publish-status/index.md',
  '01-publish-status/00-unpublished.txt',
  '01-publish-status/01-published.md',
  '01-publish-status/02-modified.md',
  '01-publish-status/02-modified.txt',
  '01-publish-status/03-hidden.md',
  '01-publish-status/04-last.md',
  '02-drafts/index.txt',
  '02-drafts/00-child.md',
  '03-no-index/00-child.md',
  '04-hidden-folder/index.md',
  '04-hidden-folder/00-child.md',
];

const filtering = suite('liveItems: what is dropped');

filtering(
  'drops unpublished items, unpublished folders with their subtree, and hidden items with their subtree',
  () => {
    const live = liveItems(hiding(draftTree(STATUS_TREE), '03-hidden.md', '04-hidden-folder'));
    assert.equal(outline(live), [
      ['00-getting-started', ['00-intro.md']],
      ['01-publish-status', ['01-published.md', '02-modified.txtmd', '04-last.md']],
      ['03-no-index', ['00-child.md']],
    ]);
  },
);

filtering('keeps a folder with status "undefined"', () => {
  const live = liveItems(draftTree(['00-no-index/00-child.md']));
  assert.equal([live[0]?.status, live[0]?.fileType], ['undefined', '']);
});

filtering('drops a hidden page inside a kept folder but keeps its siblings', () => {
  const live = liveItems(hiding(draftTree(['00-f/index.md', '00-f/00-a.md', '00-f/01-b.md']), '00-a.md'));
  assert.equal(outline(live), [['00-f', ['01-b.md']]]);
});

filtering('drops everything when every item is unpublished', () => {
  assert.equal(liveItems(draftTree(['00-a.txt', '01-b/index.txt'])), []);
});

filtering('treats only boolean true as hidden', () => {
  const tree = draftTree(['00-a.md']);
  (tree[0] as unknown as { hide: unknown }).hide = 'true';
  assert.equal(outline(liveItems(tree)), ['00-a.md']);
});
filtering.run();

const numbering = suite('liveItems: nothing is renumbered');

numbering('keeps the draft keys, keyPaths and chapters of the remaining items', () => {
  const live = liveItems(hiding(draftTree(STATUS_TREE), '03-hidden.md', '04-hidden-folder'));
  assert.equal(
    live.map((item) => [item.key, item.keyPath, item.chapter]),
    [
      [0, 0, 1],
      [1, 1, 2],
      [3, 3, 4],
    ],
  );
  assert.equal(
    live[1]?.folderContent?.map((item) => [item.key, item.keyPath, item.keyPathArray, item.chapter]),
    [
      [1, '1.1', ['1', '1'], '2.2'],
      [2, '1.2', ['1', '2'], '2.3'],
      [4, '1.4', ['1', '4'], '2.5'],
    ],
  );
});

numbering('encodes a gapped list as a JSON array in tree order', () => {
  const live = liveItems(draftTree(['00-a.txt', '01-b.md', '02-c.txt', '03-d.md']));
  const json = encodePhpJson({ navigation: live.map((item) => orderedItem(item)) });
  assert.ok(json.startsWith('{"navigation":[{"originalName":"01-b.md"'));
  assert.equal(
    JSON.parse(json).navigation.map((item: { key: number }) => item.key),
    [1, 3],
  );
});
numbering.run();

const modified = suite('liveItems: modified items point at the published file');

modified('gives a modified file fileType md and path pathWithoutType.md, keeping status and originalName', () => {
  const live = liveItems(draftTree(['00-guide/00-page.md', '00-guide/00-page.txt']));
  const page = live[0]?.folderContent?.[0];
  assert.equal(
    [page?.originalName, page?.status, page?.fileType, page?.path, page?.pathWithoutType],
    ['00-page.txtmd', 'modified', 'md', '/00-guide/00-page.md', '/00-guide/00-page'],
  );
});

modified('gives a modified folder fileType md and path <folder>/index.md', () => {
  const live = liveItems(draftTree(STATUS_TREE));
  assert.equal(
    [live[0]?.originalName, live[0]?.status, live[0]?.fileType, live[0]?.path],
    ['00-getting-started', 'modified', 'md', '/00-getting-started/index.md'],
  );
});

modified('leaves the draft tree unchanged', () => {
  const draft = draftTree(STATUS_TREE);
  const before = JSON.stringify(draft);
  liveItems(hiding(draft));
  assert.is(JSON.stringify(draft), before);
  assert.is(draft[0]?.fileType, 'txt');
});
modified.run();
