// Builds draft trees from plain path lists (relative to content/, folders implied) for the tree tests; no disk.
import { buildItems } from '../../../../generator/plan/tree/build-items.ts';
import type { Item } from '../../../../generator/plan/tree/item.ts';
import { scanFolder, toListing, type ScanEntry } from '../../../../generator/plan/tree/scan-folder.ts';

export interface TreeOptions {
  langattr?: string;
  basePath?: string;
  baseUrl?: string;
  /** Raw texts by content path starting with `/` (`/02-news/index.yaml`). */
  texts?: Record<string, string>;
}

/** `a/b/c.md` and `empty/` → the loader's entry form: `/a/`, `/a/b/`, `/a/b/c.md`, `/empty/`. */
function withFolders(paths: readonly string[]): string[] {
  const entries = new Set<string>();
  for (const path of paths) {
    const segments = path.split('/').filter((segment) => segment !== '');
    for (let depth = 1; depth < segments.length; depth++) entries.add('/' + segments.slice(0, depth).join('/') + '/');
    entries.add('/' + segments.join('/') + (path.endsWith('/') ? '/' : ''));
  }
  return [...entries];
}

export function scanPaths(paths: readonly string[]): ScanEntry[] {
  return scanFolder(toListing(withFolders(paths)), '');
}

export function draftTree(paths: readonly string[], options: TreeOptions = {}): Item[] {
  return buildItems(scanPaths(paths), {
    langattr: options.langattr ?? 'en',
    basePath: options.basePath ?? '',
    baseUrl: options.baseUrl ?? 'http://localhost',
    readContentText: (path) => options.texts?.[path],
  });
}

/** Short view of a tree for order and numbering assertions. */
export function outline(items: readonly Item[]): unknown[] {
  return items.map((item) =>
    item.folderContent ? [item.originalName, outline(item.folderContent)] : item.originalName,
  );
}
