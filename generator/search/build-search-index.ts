// Builds the snapshot's search index (one MiniSearch index, visibility stored per document) as the body of one index entry.
import { SEARCH_FORMAT, SEARCH_INDEX_KEY, indexedFields, newMiniSearch } from '../../gateway/search/search-format.ts';
import type { SearchDocument, StoredSearchIndex } from '../../gateway/search/search-format.ts';
import { languageTools } from '../../gateway/search/search-terms.ts';
import type { BuiltResponse } from '../types.ts';

export async function buildSearchIndex(documents: SearchDocument[], language: string): Promise<StoredSearchIndex> {
  const tools = await languageTools(language);
  const search = newMiniSearch(tools);
  search.addAll(documents.map(indexedFields));
  return { format: SEARCH_FORMAT, language, documents, index: search.toJSON() };
}

export async function searchIndexResponse(documents: SearchDocument[], language: string): Promise<BuiltResponse> {
  return { key: SEARCH_INDEX_KEY, body: JSON.stringify(await buildSearchIndex(documents, language)) };
}
