// The index terms of a build, each stored once, numbered in the order they were first met: per-page counts name a term
// by its number, so 40,000 pages keep small arrays of numbers rather than maps of strings.

export interface TermTable {
  /** Id → term. */
  terms: string[];
  /** Term → id. */
  ids: Map<string, number>;
}

export function createTermTable(terms: readonly string[] = []): TermTable {
  return { terms: [...terms], ids: new Map(terms.map((term, id) => [term, id])) };
}

/** The term's id, numbering it when it is new. */
export function termId(table: TermTable, term: string): number {
  let id = table.ids.get(term);
  if (id === undefined) table.ids.set(term, (id = table.terms.push(term) - 1));
  return id;
}

export function termOf(table: TermTable, id: number): string {
  const term = table.terms[id];
  if (term === undefined) throw new Error(`search: term id ${id} is not in the term table`);
  return term;
}

/** Small non-negative integers in the narrowest typed array that holds them (counts are mostly under 256). */
export type PackedNumbers = Uint8Array | Uint16Array | Uint32Array;

/** The parts one after another in one packed array. */
export function packed(parts: ReadonlyArray<readonly number[]>): PackedNumbers {
  let largest = 0;
  let length = 0;
  for (const part of parts) {
    length += part.length;
    for (const value of part) if (value > largest) largest = value;
  }
  const array =
    largest <= 0xff ? new Uint8Array(length) : largest <= 0xffff ? new Uint16Array(length) : new Uint32Array(length);
  let offset = 0;
  for (const part of parts) {
    array.set(part, offset);
    offset += part.length;
  }
  return array;
}

/** Pages counted with the same language tools and no table of their own share this one (tests and one-off callers). */
const SHARED = new WeakMap<object, TermTable>();

export function sharedTermTable(owner: object): TermTable {
  let table = SHARED.get(owner);
  if (table === undefined) SHARED.set(owner, (table = createTermTable()));
  return table;
}
