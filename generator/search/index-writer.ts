// Writes MiniSearch's serialised index from term counts, one document at a time, without MiniSearch's per-word `add`.
import MiniSearch from 'minisearch';
import type { AsPlainObject } from 'minisearch';
import { FIELD_BOOST, commonTermsIn, miniSearchOptions } from '../../contract/search/search-format.ts';
import type { LanguageTools } from '../../contract/search/search-terms.ts';
import { fieldStart } from './document-counts.ts';
import type { DocumentCounts } from './document-counts.ts';
import { termOf } from './term-table.ts';
import type { TermTable } from './term-table.ts';

/** The indexed fields in MiniSearch's field-id order (title 0, headings 1, text 2). */
export const FIELDS = Object.keys(FIELD_BOOST) as Array<keyof typeof FIELD_BOOST>;
const TITLE = 0;

export interface IndexWriter {
  /** The next document (its id is its position): its counts, fields in FIELDS order. */
  add(counts: DocumentCounts): void;
  /** The serialised index and the common terms left out of headings and text. */
  finish(): { index: AsPlainObject; commonTerms: Set<string> };
}

export function createIndexWriter(tools: LanguageTools, table: TermTable): IndexWriter {
  const documents: DocumentCounts[] = [];
  return {
    add: (counts) => void documents.push(counts),
    finish() {
      const commonTerms = commonTermsIn(
        documents.map((counts) => {
          const terms = new Set<string>();
          // Headings and text, the fields after the title, lie together at the end.
          for (const id of counts.ids.subarray(fieldStart(counts, TITLE + 1))) terms.add(termOf(table, id));
          return terms;
        }),
      );
      return { index: serialised(documents, commonTerms, tools, table), commonTerms };
    },
  };
}

function serialised(
  documents: readonly DocumentCounts[],
  commonTerms: ReadonlySet<string>,
  tools: LanguageTools,
  table: TermTable,
): AsPlainObject {
  // Terms in the order MiniSearch's `add` first meets them: document, field, word.
  const postings = new Map<string, Array<Record<number, number>>>();
  const fieldLength: Record<number, number[]> = {};
  const averageFieldLength: number[] = [];
  documents.forEach((counts, id) => {
    fieldLength[id] = counts.lengths.map((length, field) => {
      // MiniSearch's running average, step for step, so the stored floats are the same.
      averageFieldLength[field] = ((averageFieldLength[field] ?? 0) * id + length) / (id + 1);
      return length;
    });
    counts.lengths.forEach((_length, field) => {
      for (let position = fieldStart(counts, field); position < counts.ends[field]!; position++) {
        const term = termOf(table, counts.ids[position]!);
        const count = counts.counts[position]!;
        if (field !== TITLE && commonTerms.has(term)) continue;
        let byField = postings.get(term);
        if (byField === undefined) postings.set(term, (byField = []));
        (byField[field] ??= {})[id] = count;
      }
    });
  });
  const index: AsPlainObject['index'] = [];
  for (const [term, byField] of postings) {
    const data: Record<string, Record<string, number>> = {};
    for (const [field, docs] of Object.entries(byField)) data[field] = docs;
    index.push([term, data]);
  }
  const plain: AsPlainObject = {
    documentCount: documents.length,
    nextId: documents.length,
    documentIds: Object.fromEntries(documents.map((_, id) => [id, id])),
    fieldIds: Object.fromEntries(FIELDS.map((field, id) => [field, id])),
    fieldLength,
    averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index,
    serializationVersion: 2,
  };
  // Loading replays the terms into MiniSearch's radix tree in first-met order, as `add` would have built it; its own
  // serialisation then lists them in tree order, so the stored index is exactly what MiniSearch's `add` would store.
  return MiniSearch.loadJS(plain, miniSearchOptions(tools, commonTerms)).toJSON();
}
