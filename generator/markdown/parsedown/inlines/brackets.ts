// PCRE's /\[((?:[^][]++|(?R))*+)\]/: the first balanced [...] in the text, nested brackets included.

import type { LineScan } from '../line-scan.ts';

export interface Bracketed {
  /** Where the match starts and ends (indexes into the scanned text; the start is not always the marker). */
  start: number;
  end: number;
}

export interface BracketTable {
  /** For each `[`, the index of its partner `]`, else -1. */
  partner: Int32Array;
  /** For each index, the first `[` at or after it that has a partner, else -1. */
  nextPaired: Int32Array;
}

/** The balanced brackets the pattern finds in the scanned text from `at` on. */
export function findBracketed(scan: LineScan, at: number): Bracketed | undefined {
  if (scan.indexOf(']', at) === -1) return undefined;
  const table = scan.table('brackets', pairBrackets);
  const start = table.nextPaired[at] ?? -1;
  if (start === -1) return undefined;
  return { start, end: (table.partner[start] ?? start) + 1 };
}

/** The pattern matches at a `[` exactly when that bracket has a partner; pairing with a stack needs no recursion. */
export function pairBrackets(text: string): BracketTable {
  const partner = new Int32Array(text.length).fill(-1);
  const open: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 0x5b /* [ */) open.push(index);
    else if (char === 0x5d /* ] */ && open.length > 0) partner[open.pop() as number] = index;
  }
  const nextPaired = new Int32Array(text.length + 1).fill(-1);
  for (let index = text.length - 1; index >= 0; index--)
    nextPaired[index] = (partner[index] ?? -1) >= 0 ? index : (nextPaired[index + 1] ?? -1);
  return { partner, nextPaired };
}
