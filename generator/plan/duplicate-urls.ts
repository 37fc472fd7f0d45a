// Entries that share a URL: Typemill allows it, URL lookups then return one of them
// (docs/typemill.md: Entries may share a URL, and the later one wins).
import { walkItems } from './tree/build-items.ts';
import type { Item } from './tree/item.ts';
import type { BuildProblem } from '../types.ts';

const CONTENT = 'content';
const MESSAGE_START = 'another entry has the same URL';

export function isDuplicateUrlWarning(problem: BuildProblem): boolean {
  return problem.message.startsWith(MESSAGE_START);
}

/** Entries that share a URL, by URL in tree order; a URL only one entry has is left out. */
export function sharedUrls(draftTree: readonly Item[]): Map<string, Item[]> {
  const byUrlInTreeOrder = new Map<string, Item[]>();
  for (const item of walkItems(draftTree))
    byUrlInTreeOrder.set(item.urlRelWoF, [...(byUrlInTreeOrder.get(item.urlRelWoF) ?? []), item]);
  return new Map([...byUrlInTreeOrder].filter(([, items]) => items.length > 1));
}

/** One warning per entry that URL lookups never return, naming the entry they return instead. */
export function duplicateUrlWarnings(draftTree: readonly Item[], byUrl: ReadonlyMap<string, Item>): BuildProblem[] {
  const warnings: BuildProblem[] = [];
  for (const [url, items] of sharedUrls(draftTree)) {
    const found = byUrl.get(url);
    for (const item of items) {
      if (item === found) continue;
      const instead = found
        ? `lookups by URL return ${CONTENT}${found.path}, the later entry`
        : 'lookups by URL return none of them';
      warnings.push({ file: `${CONTENT}${item.path}`, message: `${MESSAGE_START} ${url}; ${instead}` });
    }
  }
  return warnings;
}
