// PCRE's /\[((?:[^][]++|(?R))*+)\]/: the first balanced [...] in the text, nested brackets included.

export interface Bracketed {
  /** Where the match starts (not always 0). */
  start: number;
  /** The length of the whole match, brackets included. */
  length: number;
  inner: string;
}

interface BracketTable {
  text: string;
  /** For each `[`, the index of its partner `]`, else -1. */
  partner: Int32Array;
  /** For each index, the first `[` at or after it that has a partner, else -1. */
  nextPaired: Int32Array;
}

/** The inline loop asks again for each `[` of a line, always about a shorter end of the same text: pair once. */
let table: BracketTable | undefined;

export function findBracketed(text: string): Bracketed | undefined {
  if (!text.includes(']')) return undefined;
  if (table === undefined || table.text.length < text.length || !table.text.endsWith(text)) table = pairBrackets(text);
  const offset = table.text.length - text.length;
  const start = table.nextPaired[offset] ?? -1;
  if (start === -1) return undefined;
  const end = (table.partner[start] ?? start) + 1;
  return { start: start - offset, length: end - start, inner: table.text.slice(start + 1, end - 1) };
}

/** The pattern matches at a `[` exactly when that bracket has a partner; pairing with a stack needs no recursion. */
function pairBrackets(text: string): BracketTable {
  const partner = new Int32Array(text.length).fill(-1);
  const open: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 0x5b /* [ */) open.push(index);
    else if (char === 0x5d /* ] */ && open.length > 0) partner[open.pop() as number] = index;
  }
  const nextPaired = new Int32Array(text.length + 1).fill(-1);
  for (let index = text.length - 1; index >= 0; index--) nextPaired[index] = (partner[index] ?? -1) >= 0 ? index : (nextPaired[index + 1] ?? -1);
  return { text, partner, nextPaired };
}
