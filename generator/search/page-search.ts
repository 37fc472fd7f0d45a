// One page's part of the search index: its documents with their term counts per field, a pure function of the page's
// content bodies, URL, meta title and restriction, so a resident builder can keep it per page and redo only one page.
import type { SearchDocument } from '../../contract/search/search-format.ts';
import { leadOf } from '../../contract/search/search-lead.ts';
import type { LanguageTools } from '../../contract/search/search-terms.ts';
import type { PageBodies, SearchPage } from './search-documents.ts';
import { pageVersions, searchDocument, titleOf } from './search-documents.ts';
import { bodyWords, fieldCounts, termCounts } from './term-counts.ts';
import { documentCounts } from './document-counts.ts';
import type { DocumentCounts } from './document-counts.ts';
import { sharedTermTable } from './term-table.ts';
import type { TermTable } from './term-table.ts';

/** A document and its counts per field in FIELDS order (title, headings, text). */
export interface CountedDocument {
  document: SearchDocument;
  counts: DocumentCounts;
  /** The stems of its first lines' words, stop words left out (search-lead.ts). */
  lead: string[];
}

/** A page's documents (none, one, or live and draft), in the order the index lists them. */
export interface CountedPage {
  url: string;
  /** The table the term ids of `documents` refer to: one for all the pages of a site. */
  terms: TermTable;
  documents: CountedDocument[];
}

export function countedPage(
  page: SearchPage,
  bodies: PageBodies,
  tools: LanguageTools,
  table: TermTable = sharedTermTable(tools),
): CountedPage {
  return {
    url: page.url,
    terms: table,
    documents: pageVersions(page.url, bodies.live, bodies.draft).map((version) => {
      const words = bodyWords(version.body);
      const title = titleOf(bodies.title, words.firstHeading, page.name);
      return {
        document: searchDocument(page, version, title, bodies.restriction),
        counts: documentCounts([
          fieldCounts(title, tools, table),
          termCounts(words.headings, tools, table),
          termCounts(words.text, tools, table),
        ]),
        lead: leadOf(words.lead, tools),
      };
    }),
  };
}
