// A document's term counts as the search step keeps them: every field's term ids and counts in one pair of typed
// arrays, field after field (a typed array costs more than the few hundred bytes most fields hold).
import type { FieldCounts } from './term-counts.ts';
import { packed } from './term-table.ts';
import type { PackedNumbers } from './term-table.ts';

export interface DocumentCounts {
  /** Per field (FIELDS order: title, headings, text): its distinct words as written, MiniSearch's field length. */
  lengths: number[];
  /** Per field: where its terms end in `ids` and `counts`; each starts where the one before ends. */
  ends: number[];
  /** Term ids (TermTable), each once per field, in the order MiniSearch would first meet each term in it. */
  ids: PackedNumbers;
  /** The occurrences of `ids[position]` in its field. */
  counts: PackedNumbers;
}

export function documentCounts(fields: readonly FieldCounts[]): DocumentCounts {
  const ends: number[] = [];
  let end = 0;
  for (const { ids } of fields) ends.push((end += ids.length));
  return {
    lengths: fields.map(({ length }) => length),
    ends,
    ids: packed(fields.map(({ ids }) => ids)),
    counts: packed(fields.map(({ counts }) => counts)),
  };
}

/** Where a field's terms start in `ids` and `counts`. */
export function fieldStart(counts: DocumentCounts, field: number): number {
  return field === 0 ? 0 : counts.ends[field - 1]!;
}
