// itemJsonEncoder: a folder's JSON made from its children's is byte for byte PHP's encoding of the whole item.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encodePhpJson } from '../../../../generator/php/php-json.ts';
import { orderedItem } from '../../../../generator/plan/tree/item.ts';
import { itemJsonEncoder } from '../../../../generator/plan/tree/item-json.ts';
import { walkItems } from '../../../../generator/plan/tree/build-items.ts';
import { draftTree } from './tree-helpers.ts';

const ItemJson = suite('itemJsonEncoder');

// Nested folders, an empty folder, a slash and non-ASCII in titles, and a name that spells the splice point.
const PATHS = [
  '01-guides/index.md',
  '01-guides/01-setup/01-linux.md',
  '01-guides/01-setup/02-macos.md',
  '01-guides/02-empty/',
  '02-news/01-überblick.md',
  '03-folderContent-noindex/index.md',
];
const TEXTS = {
  '/01-guides/01-setup/01-linux.md': '# Linux / Unix\n',
  '/02-news/01-überblick.md': '# Überblick "folderContent":[],"noindex":\n',
};

ItemJson('every item of a nested tree encodes exactly as encodePhpJson(orderedItem(item))', () => {
  const tree = draftTree(PATHS, { texts: TEXTS });
  const itemJson = itemJsonEncoder();
  const items = [...walkItems(tree)];
  assert.is(items.length, 8);
  for (const item of items) assert.is(itemJson(item), encodePhpJson(orderedItem(item)), item.path);
});

ItemJson("a folder's JSON holds each child's JSON exactly as made for the child", () => {
  const [guides] = draftTree(PATHS, { texts: TEXTS });
  const itemJson = itemJsonEncoder();
  assert.ok(guides !== undefined && guides.folderContent !== undefined);
  const children = guides.folderContent.map(itemJson);
  assert.is(children.length, 2);
  assert.ok(itemJson(guides).includes(`"folderContent":[${children.join(',')}],"noindex":`));
});

ItemJson.run();
