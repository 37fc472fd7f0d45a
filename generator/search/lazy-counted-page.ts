// A page's saved counts before its file is read: its URL, term table and number of documents are known, its documents
// are read from the file of its bucket on first use, so a cold page build reads only the buckets the edit touches.
import type { CountedDocument, CountedPage } from './page-search.ts';

/** The documents of pages made by lazyCountedPage, counted without reading them. */
const documentCounts = new WeakMap<CountedPage, number>();

/** How many documents the page has; for a page not yet read, without reading it (its searchable or not). */
export function documentCountOf(page: CountedPage): number {
  return documentCounts.get(page) ?? page.documents.length;
}

/** A page whose `documents` are `read()` on first use (and what it returns from then on). */
export function lazyCountedPage(
  url: string,
  terms: CountedPage['terms'],
  count: number,
  read: () => CountedDocument[],
): CountedPage {
  const page = { url, terms } as CountedPage;
  Object.defineProperty(page, 'documents', { enumerable: true, get: read });
  documentCounts.set(page, count);
  return page;
}
