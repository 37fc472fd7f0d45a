// The text one inline loop parses, with searches that stay linear over the whole loop: the loop asks from ever later
// positions, so each search remembers its last answer and only searches again once the position has passed it
// (docs/decisions.md: The renderer takes linear time and renders nesting beyond 100 levels as text).

import { charBytes, unitBytes } from './utf8-bytes.ts';

const NON_ASCII = /[^\x00-\x7F]/;

interface Remembered {
  from: number;
  found: number;
}

export class LineScan {
  // made on first use: most texts an inline loop parses are short and ask for few of them
  private searches: Map<string, Remembered> | undefined;
  private indexes: Map<string, Remembered> | undefined;
  private anyOf: Map<string, Remembered> | undefined;
  private runs: Map<string, Remembered> | undefined;
  private tables: Map<string, unknown> | undefined;
  /** Bytes before each index, built only for text that is not ASCII. */
  private bytesBefore: Float64Array | null | undefined;

  constructor(readonly text: string) {}

  /** The first index ≥ from where `search` holds. `search(scan, from)` must depend only on the text at and after
   *  each index it looks at, never on `from`: then one answer serves every position up to it. -1 for none. */
  first(key: string, from: number, search: (scan: LineScan, from: number) => number): number {
    this.searches ??= new Map();
    return recalled(this.searches, key, from) ?? remember(this.searches, key, from, search(this, from));
  }

  indexOf(needle: string, from: number): number {
    this.indexes ??= new Map();
    return (
      recalled(this.indexes, needle, from) ?? remember(this.indexes, needle, from, this.text.indexOf(needle, from))
    );
  }

  /** The first index ≥ from of any character of `characters`, or the text's length. */
  nextOf(characters: string, from: number): number {
    this.anyOf ??= new Map();
    const found =
      recalled(this.anyOf, characters, from) ??
      remember(this.anyOf, characters, from, this.scanFor(characters, from, true));
    return found === -1 ? this.text.length : found;
  }

  /** The first index ≥ from whose character is not `char` (or the text's length): the end of a run. */
  runEnd(char: string, from: number): number {
    this.runs ??= new Map();
    const found = recalled(this.runs, char, from) ?? remember(this.runs, char, from, this.scanFor(char, from, false));
    return found === -1 ? this.text.length : found;
  }

  /** A table over the whole text, built once per text by the rule that needs it. */
  table<T>(key: string, build: (text: string) => T): T {
    this.tables ??= new Map();
    if (!this.tables.has(key)) this.tables.set(key, build(this.text));
    return this.tables.get(key) as T;
  }

  /** PHP's strlen of text.slice(start, end). */
  byteLength(start: number, end: number): number {
    const table = this.byteTable();
    return table === null ? end - start : (table[end] ?? 0) - (table[start] ?? 0);
  }

  /** The index `byteCount` bytes after `start` (at most the text's end), or -1 when that count ends inside a character.
   *  */
  indexAfterBytes(start: number, byteCount: number): number {
    const table = this.byteTable();
    if (table === null) return Math.min(start + byteCount, this.text.length);
    const target = (table[start] ?? 0) + byteCount;
    if (target >= (table[this.text.length] ?? 0)) return this.text.length;
    let low = start;
    let high = this.text.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((table[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    // between the two units of a surrogate pair is inside its four bytes too
    if ((table[low] ?? 0) !== target || (low > start && charBytes(this.text, low - 1) === 4)) return -1;
    return low;
  }

  private scanFor(characters: string, from: number, wanted: boolean): number {
    for (let index = from; index < this.text.length; index++)
      if (characters.includes(this.text.charAt(index)) === wanted) return index;
    return -1;
  }

  private byteTable(): Float64Array | null {
    if (this.bytesBefore !== undefined) return this.bytesBefore;
    if (!NON_ASCII.test(this.text)) {
      this.bytesBefore = null;
      return null;
    }
    const table = new Float64Array(this.text.length + 1);
    for (let index = 0; index < this.text.length; index++)
      table[index + 1] = (table[index] ?? 0) + unitBytes(this.text, index);
    this.bytesBefore = table;
    return table;
  }
}

function recalled(memory: Map<string, Remembered>, key: string, from: number): number | undefined {
  const last = memory.get(key);
  if (last !== undefined && last.from <= from && (last.found === -1 || from <= last.found)) return last.found;
  return undefined;
}

function remember(memory: Map<string, Remembered>, key: string, from: number, found: number): number {
  const last = memory.get(key);
  if (last === undefined) memory.set(key, { from, found });
  else {
    last.from = from;
    last.found = found;
  }
  return found;
}
