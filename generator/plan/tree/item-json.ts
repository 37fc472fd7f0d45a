// An item's JSON as PHP encodes it, made once per item: a folder's JSON holds its children's JSON as made for them, so
// a build encodes each item once instead of once per ancestor (the page tree's items, navigation and slugs share it).
import { encodePhpJson } from '../../php/php-json.ts';
import { orderedItem, type Item } from './item.ts';

/** A folder's fields end with its children and `noindex` (orderedItem); the children go where the empty list is. */
const EMPTY_CONTENT = '"folderContent":[],"noindex":';

export type ItemJson = (item: Item) => string;

/** Encodes items for one build; the encodings are kept with the items, so they go when the build's tree goes. */
export function itemJsonEncoder(): ItemJson {
  const made = new WeakMap<Item, string>();
  const encode = (item: Item): string => {
    const known = made.get(item);
    if (known !== undefined) return known;
    let json = encodePhpJson(orderedItem(item, []));
    const children = item.folderContent ?? [];
    if (item.elementType !== 'file' && children.length > 0) {
      const at = json.lastIndexOf(EMPTY_CONTENT);
      json = `${json.slice(0, at)}"folderContent":[${children.map(encode).join(',')}],"noindex":${json.slice(at + EMPTY_CONTENT.length)}`;
    }
    made.set(item, json);
    return json;
  };
  return encode;
}
