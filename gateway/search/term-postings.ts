// The stored index (MiniSearch's serialised form) as flat postings: per term its documents and their BM25 score, summed
// over the fields with their weights, computed once at load so a query only adds numbers.
import { FIELD_BOOST } from '../../contract/search/search-format.ts';
import { count, fail, record } from './index-fields.ts';
import type { Json } from './index-fields.ts';

/** One term's documents in ascending id order, each with its weighted BM25 score and whether the title holds it. */
export interface Posting {
  docs: Int32Array;
  scores: Float64Array;
  inTitle: Uint8Array;
}

export interface PostingIndex {
  documentCount: number;
  terms: Map<string, Posting>;
  /** Every term in code-unit order, for prefix ranges. */
  sorted: string[];
  /** The characters the terms are made of, for one-edit neighbours. */
  alphabet: string[];
  /** Terms by their length in code points, for one-edit neighbours when the alphabet is large. */
  byLength: Map<number, string[]>;
}

// MiniSearch's BM25+ parameters (its defaults), so stored indexes rank as they did when MiniSearch answered queries.
const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;
const FIELD_IDS = Object.keys(FIELD_BOOST) as Array<keyof typeof FIELD_BOOST>;
const TITLE_FIELD = 0;

function bm25(
  termFrequency: number,
  matching: number,
  documents: number,
  fieldLength: number,
  averageLength: number,
): number {
  const inverse = Math.log(1 + (documents - matching + 0.5) / (matching + 0.5));
  return (
    inverse *
    (BM25.d +
      (termFrequency * (BM25.k + 1)) / (termFrequency + BM25.k * (1 - BM25.b + (BM25.b * fieldLength) / averageLength)))
  );
}

function fieldLengths(stored: Json, documentCount: number): Float64Array[] {
  const lengths = FIELD_IDS.map(() => new Float64Array(documentCount));
  const byDocument = record(stored.fieldLength, 'index.fieldLength');
  for (let id = 0; id < documentCount; id++) {
    const fields = byDocument[id];
    if (!Array.isArray(fields) || fields.length !== FIELD_IDS.length)
      fail(`index.fieldLength.${id}`, `expected ${FIELD_IDS.length} lengths`);
    for (const [field, length] of fields.entries()) lengths[field]![id] = count(length, `index.fieldLength.${id}`);
  }
  return lengths;
}

/** Reads MiniSearch's serialised index (version 2) written by the generator's index writer; ids are document positions. */
export function postingIndex(value: unknown, documentCount: number): PostingIndex {
  const stored = record(value, 'index');
  if (stored.serializationVersion !== 2)
    fail('index.serializationVersion', `expected 2, got ${JSON.stringify(stored.serializationVersion)}`);
  if (count(stored.documentCount, 'index.documentCount') !== documentCount)
    fail('index', `holds ${String(stored.documentCount)} documents, the list ${documentCount}`);
  const fieldIds = record(stored.fieldIds, 'index.fieldIds');
  for (const [id, field] of FIELD_IDS.entries()) {
    if (fieldIds[field] !== id) fail('index.fieldIds', `expected ${field} as field ${id}`);
  }
  const ids = record(stored.documentIds, 'index.documentIds');
  for (let id = 0; id < documentCount; id++)
    if (ids[id] !== id) fail(`index.documentIds.${id}`, 'expected the document position');
  const lengths = fieldLengths(stored, documentCount);
  const averages = stored.averageFieldLength;
  if (
    !Array.isArray(averages) ||
    averages.length !== FIELD_IDS.length ||
    averages.some((average) => typeof average !== 'number')
  )
    fail('index.averageFieldLength', 'expected a number per field');
  if (!Array.isArray(stored.index)) fail('index.index', 'expected an array');
  const terms = new Map<string, Posting>();
  const characters = new Set<string>();
  // One term's scores gathered by document, reset where set: a term's fields list their documents apart.
  const gathered = new Float64Array(documentCount);
  const titled = new Uint8Array(documentCount);
  const seen = new Uint8Array(documentCount);
  for (const entry of stored.index as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string') fail('index.index', 'expected [term, fields] pairs');
    const term = entry[0];
    const found: number[] = [];
    for (const [field, documents] of Object.entries(record(entry[1], `index.index.${term}`))) {
      const fieldId = Number(field);
      const name = FIELD_IDS[fieldId];
      if (name === undefined) fail(`index.index.${term}`, `unknown field ${field}`);
      const boost = FIELD_BOOST[name];
      const frequencies = Object.entries(record(documents, `index.index.${term}.${field}`));
      for (const [key, frequency] of frequencies) {
        const id = Number(key);
        if (!Number.isInteger(id) || id < 0 || id >= documentCount)
          fail(`index.index.${term}`, `unknown document ${key}`);
        const score =
          boost *
          bm25(
            count(frequency, `index.index.${term}`),
            frequencies.length,
            documentCount,
            lengths[fieldId]![id]!,
            averages[fieldId] as number,
          );
        if (seen[id] === 0) {
          seen[id] = 1;
          found.push(id);
        }
        gathered[id] = gathered[id]! + score;
        if (fieldId === TITLE_FIELD) titled[id] = 1;
      }
    }
    const docs = Int32Array.from(found).sort();
    terms.set(term, {
      docs,
      scores: Float64Array.from(docs, (id) => gathered[id]!),
      inTitle: Uint8Array.from(docs, (id) => titled[id]!),
    });
    for (const id of found) {
      gathered[id] = 0;
      titled[id] = 0;
      seen[id] = 0;
    }
    for (const character of term) characters.add(character);
  }
  const byLength = new Map<number, string[]>();
  for (const term of terms.keys()) {
    const length = [...term].length;
    const same = byLength.get(length);
    if (same === undefined) byLength.set(length, [term]);
    else same.push(term);
  }
  return { documentCount, terms, sorted: [...terms.keys()].sort(), alphabet: [...characters].sort(), byLength };
}
