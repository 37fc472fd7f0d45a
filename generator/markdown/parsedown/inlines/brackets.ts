// PCRE's /\[((?:[^][]++|(?R))*+)\]/: the first balanced [...] in the text, nested brackets included.

import type { LineScan } from '../line-scan.ts';

export interface Bracketed {
  /** Where the match starts and ends (indexes into the scanned text; the start is not always the marker). */
  start: number;
  end: number;
}

export interface BracketTable {
  /** Every `[` that has a partner `]`, in text order. */
  opens: number[];
  /** The index of each of those brackets' partner. */
  closes: number[];
}

/** The balanced brackets the pattern finds in the scanned text from `at` on. */
export function findBracketed(scan: LineScan, at: number): Bracketed | undefined {
  if (scan.indexOf(']', at) === -1) return undefined;
  const { opens, closes } = scan.table('brackets', pairBrackets);
  // the first paired `[` at or after `at`
  let low = 0;
  let high = opens.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((opens[middle] ?? 0) < at) low = middle + 1;
    else high = middle;
  }
  const start = opens[low];
  if (start === undefined) return undefined;
  return { start, end: (closes[low] ?? start) + 1 };
}

/** The pattern matches at a `[` exactly when that bracket has a partner; pairing with a stack needs no recursion.
 *  Only the brackets are visited, and only they are stored: a long paragraph holds few. */
export function pairBrackets(text: string): BracketTable {
  const opened: number[] = [];
  const partners: number[] = [];
  /** Indexes into `opened` of the brackets still open. */
  const stack: number[] = [];
  let nextOpen = text.indexOf('[');
  let nextClose = text.indexOf(']');
  while (nextOpen !== -1 || nextClose !== -1) {
    if (nextClose === -1 || (nextOpen !== -1 && nextOpen < nextClose)) {
      stack.push(opened.length);
      opened.push(nextOpen);
      partners.push(-1);
      nextOpen = text.indexOf('[', nextOpen + 1);
    } else {
      const open = stack.pop();
      if (open !== undefined) partners[open] = nextClose;
      nextClose = text.indexOf(']', nextClose + 1);
    }
  }
  const opens: number[] = [];
  const closes: number[] = [];
  opened.forEach((open, index) => {
    const close = partners[index] ?? -1;
    if (close === -1) return;
    opens.push(open);
    closes.push(close);
  });
  return { opens, closes };
}
