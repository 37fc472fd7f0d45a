// The published navigation from the draft tree: no unpublished, no hidden, nothing renumbered
// (docs/typemill.md: The live navigation filters the draft tree without renumbering).
import type { Item } from './item.ts';

export function liveItems(items: readonly Item[]): Item[] {
  const live: Item[] = [];
  for (const item of items) {
    if (item.status === 'unpublished' || item.hide === true) continue;
    const published: Item =
      item.status === 'modified' ? { ...item, fileType: 'md', path: item.pathWithoutType + '.md' } : { ...item };
    if (item.folderContent) published.folderContent = liveItems(item.folderContent);
    live.push(published);
  }
  return live;
}
