// Item lookup by URL and by slug, precomputed over the draft tree
// (docs/typemill.md: URL lookups normalise the url as Typemill does; Slug lookups return every item with that slug in tree order).
import { walkItems } from './build-items.ts';
import type { Item } from './item.ts';

/** Normalised URL → item, as Typemill resolves it: the last top-level item with the first segment, then the last
 *  descendant. */
export function itemsByUrl(tree: readonly Item[]): Map<string, Item> {
  const topLevel = new Map<string, Item>();
  for (const item of tree) topLevel.set(item.urlRelWoF, item);
  const byUrl = new Map<string, Item>();
  for (const [url, top] of topLevel) {
    byUrl.set(url, top);
    for (const descendant of walkItems(top.folderContent ?? [])) byUrl.set(descendant.urlRelWoF, descendant);
  }
  return byUrl;
}

/** Slug → items in tree order. A search stops at a matching folder, so an item is found by its slug
 *  only when no ancestor folder has the same slug. */
export function itemsBySlug(tree: readonly Item[]): Map<string, Item[]> {
  const bySlug = new Map<string, Item[]>();
  const visit = (items: readonly Item[], ancestorSlugs: ReadonlySet<string>): void => {
    for (const item of items) {
      if (!ancestorSlugs.has(item.slug)) {
        const matches = bySlug.get(item.slug) ?? [];
        matches.push(item);
        bySlug.set(item.slug, matches);
      }
      if (item.folderContent) visit(item.folderContent, new Set([...ancestorSlugs, item.slug]));
    }
  };
  visit(tree, new Set());
  return bySlug;
}
