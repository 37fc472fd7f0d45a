// Builds the single-body search index (format 1: one MiniSearch index, visibility stored per document): the reference
// the shards must answer as, and the hostile fixture's index; the build writes shards (shard-writer.ts).
import { SEARCH_FORMAT, SEARCH_INDEX_KEY, indexedFields } from '../../contract/search/search-format.ts';
import type { SearchDocument, SearchSection, StoredSearchIndex } from '../../contract/search/search-format.ts';
import { languageTools } from '../../contract/search/search-terms.ts';
import type { LanguageTools } from '../../contract/search/search-terms.ts';
import type { BuiltResponse } from '../types.ts';
import { FIELDS, createIndexWriter } from './index-writer.ts';
import type { IndexedDocument } from './search-documents.ts';
import { fieldCounts } from './term-counts.ts';
import { documentCounts } from './document-counts.ts';
import type { DocumentCounts } from './document-counts.ts';
import { createTermTable } from './term-table.ts';
import type { TermTable } from './term-table.ts';

/** Documents go in one at a time and only their term counts are kept, so no page's text has to stay in memory. */
export interface SearchIndexBuilder {
  add(document: SearchDocument, sections: readonly SearchSection[]): void;
  /** The same from counts already made (FIELDS order: title, headings, text), their ids in the builder's table. */
  addCounts(document: SearchDocument, counts: DocumentCounts): void;
  finish(): StoredSearchIndex;
}

export function createSearchIndexBuilder(
  tools: LanguageTools,
  language: string,
  table: TermTable = createTermTable(),
): SearchIndexBuilder {
  const documents: SearchDocument[] = [];
  const writer = createIndexWriter(tools, table);
  return {
    add(document, sections) {
      const fields = indexedFields(document.title, sections, documents.length);
      this.addCounts(document, documentCounts(FIELDS.map((field) => fieldCounts(fields[field], tools, table))));
    },
    addCounts(document, counts) {
      writer.add(counts);
      documents.push(document);
    },
    finish() {
      const { index, commonTerms } = writer.finish();
      return { format: SEARCH_FORMAT, language, documents, commonTerms: [...commonTerms].sort(), index };
    },
  };
}

export async function buildSearchIndex(
  documents: readonly IndexedDocument[],
  language: string,
): Promise<StoredSearchIndex> {
  const builder = createSearchIndexBuilder(await languageTools(language), language);
  for (const { document, sections } of documents) builder.add(document, sections);
  return builder.finish();
}

export function searchIndexBody(index: StoredSearchIndex): BuiltResponse {
  // Never served, only loaded: gzip and brotli copies would cost build time and disk for nothing.
  return { key: SEARCH_INDEX_KEY, body: JSON.stringify(index), compress: false };
}

export async function searchIndexResponse(
  documents: readonly IndexedDocument[],
  language: string,
): Promise<BuiltResponse> {
  return searchIndexBody(await buildSearchIndex(documents, language));
}
