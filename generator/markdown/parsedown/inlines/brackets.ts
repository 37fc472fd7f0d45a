// PCRE's /\[((?:[^][]++|(?R))*+)\]/: the first balanced [...] in the text, nested brackets included.

export interface Bracketed {
  /** Where the match starts (not always 0). */
  start: number;
  /** The length of the whole match, brackets included. */
  length: number;
  inner: string;
}

export function findBracketed(text: string): Bracketed | undefined {
  for (let start = text.indexOf('['); start !== -1; start = text.indexOf('[', start + 1)) {
    const end = balancedEnd(text, start);
    if (end !== -1) return { start, length: end - start, inner: text.slice(start + 1, end - 1) };
  }
  return undefined;
}

/** The index just after the `]` that balances the `[` at `start`, or -1. Possessive: a failed nested group is final. */
function balancedEnd(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length) {
    const char = text.charAt(index);
    if (char === ']') return index + 1;
    if (char === '[') {
      const nestedEnd = balancedEnd(text, index);
      if (nestedEnd === -1) return -1;
      index = nestedEnd;
    } else {
      index++;
    }
  }
  return -1;
}
