// Checker rule for search: pages that search cannot find by their title.
import { wordsOf } from '../../contract/search/search-terms.ts';
import type { BuiltResponse } from '../types.ts';
import type { Item } from '../plan/tree/item.ts';
import { searchDocuments } from '../search/search-documents.ts';
import type { Finding } from './findings.ts';

export function searchFindings(
  items: readonly Item[],
  responses: readonly BuiltResponse[],
  fileOf: (item: Item) => string,
): Finding[] {
  const byUrl = new Map(items.map((item) => [item.urlRelWoF, item]));
  const pages = items.map((item) => ({ url: item.urlRelWoF, slug: item.slug, name: String(item.name) }));
  const findings: Finding[] = [];
  for (const { document } of searchDocuments(pages, responses)) {
    const item = byUrl.get(document.url);
    if (item === undefined) continue;
    const variant = document.live ? 'page' : 'draft of page';
    if (wordsOf(document.title).length === 0) {
      findings.push({
        severity: 'warning',
        file: fileOf(item),
        line: 1,
        message: `${variant} ${document.url} has the title "${document.title}" without letters or digits; search cannot find it by title`,
      });
    }
  }
  return findings;
}
