// Builds the snapshot's search index (one MiniSearch index, visibility stored per document) as the body of one index entry.
import { SEARCH_FORMAT, SEARCH_INDEX_KEY, commonTermsOf, indexedFields, newMiniSearch } from '../../gateway/search/search-format.ts';
import type { StoredSearchIndex } from '../../gateway/search/search-format.ts';
import { languageTools } from '../../gateway/search/search-terms.ts';
import type { BuiltResponse } from '../types.ts';
import type { IndexedDocument } from './search-documents.ts';

export async function buildSearchIndex(documents: readonly IndexedDocument[], language: string): Promise<StoredSearchIndex> {
  const tools = await languageTools(language);
  const fields = documents.map(({ document, sections }, id) => indexedFields(document.title, sections, id));
  const commonTerms = commonTermsOf(fields.map((field) => `${field.headings}\n${field.text}`), tools);
  const search = newMiniSearch(tools, commonTerms);
  search.addAll(fields);
  return { format: SEARCH_FORMAT, language, documents: documents.map(({ document }) => document), commonTerms: [...commonTerms].sort(), index: search.toJSON() };
}

export async function searchIndexResponse(documents: readonly IndexedDocument[], language: string): Promise<BuiltResponse> {
  // Never served, only loaded: gzip and brotli copies would cost build time and disk for nothing.
  return { key: SEARCH_INDEX_KEY, body: JSON.stringify(await buildSearchIndex(documents, language)), compress: false };
}
