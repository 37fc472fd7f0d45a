// Test reference: MiniSearch's serialised index (the generator's single-body form, format 1, which no snapshot holds)
// read into the gateway's flat scored postings, so the shards can be checked against the library they replaced.
import { count, fail, record } from '../../gateway/search/index-fields.ts';
import type { Json } from '../../gateway/search/index-fields.ts';
import { FIELD_IDS, PostingCells, scorePostings } from '../../gateway/search/posting-builder.ts';
import type { PostingIndex } from '../../gateway/search/posting-builder.ts';

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

function averagesOf(stored: Json): number[] {
  const averages = stored.averageFieldLength;
  if (
    !Array.isArray(averages) ||
    averages.length !== FIELD_IDS.length ||
    averages.some((average) => typeof average !== 'number')
  )
    fail('index.averageFieldLength', 'expected a number per field');
  return averages as number[];
}

/** Reads MiniSearch's serialised index (version 2) written by the generator's index writer; ids are document positions.
 *  */
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
  const averages = averagesOf(stored);
  if (!Array.isArray(stored.index)) fail('index.index', 'expected an array');
  const terms: string[] = [];
  const known = new Set<string>();
  const cells = new PostingCells();
  // One term's occurrences gathered by document, reset where set: a term's fields list their documents apart.
  const occurrences = new Uint32Array(documentCount * FIELD_IDS.length);
  const seen = new Uint8Array(documentCount);
  for (const entry of stored.index as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string') fail('index.index', 'expected [term, fields] pairs');
    const term = entry[0];
    if (known.has(term)) fail('index.index', `"${term}" is listed twice`);
    known.add(term);
    const found: number[] = [];
    for (const [field, documents] of Object.entries(record(entry[1], `index.index.${term}`))) {
      const fieldId = Number(field);
      if (FIELD_IDS[fieldId] === undefined) fail(`index.index.${term}`, `unknown field ${field}`);
      for (const [key, frequency] of Object.entries(record(documents, `index.index.${term}.${field}`))) {
        const id = Number(key);
        if (!Number.isInteger(id) || id < 0 || id >= documentCount)
          fail(`index.index.${term}`, `unknown document ${key}`);
        if (seen[id] === 0) {
          seen[id] = 1;
          found.push(id);
        }
        occurrences[id * FIELD_IDS.length + fieldId] = count(frequency, `index.index.${term}`);
      }
    }
    for (const id of found) {
      cells.add(terms.length, id, occurrences, id * FIELD_IDS.length);
      occurrences.fill(0, id * FIELD_IDS.length, (id + 1) * FIELD_IDS.length);
      seen[id] = 0;
    }
    terms.push(term);
  }
  return scorePostings(terms, cells, { documentCount, lengths, averages });
}
