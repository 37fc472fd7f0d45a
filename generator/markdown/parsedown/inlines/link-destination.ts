// Parsedown's inline link destination, /^[(]\s*+((?:[^ ()]++|[(][^ )]+[)])++)(?:[ ]+("[^"]*+"|'[^']*+'))?\s*+[)]/,
// scanned by hand: without possessive quantifiers the pattern backtracks exponentially on a destination that never
// closes, and each of a line's links would read the rest of the line again.

import type { LineScan } from '../line-scan.ts';

/** PCRE's \s without Unicode mode. */
const SPACE = ' \t\n\x0B\f\r';

export interface Destination {
  href: string;
  /** The title without its quotes; undefined when there is none. */
  title: string | undefined;
  /** The index after the closing `)`. */
  end: number;
}

export function scanDestination(scan: LineScan, open: number): Destination | undefined {
  const text = scan.text;
  if (text.charAt(open) !== '(') return undefined;
  const hrefStart = skipSpace(scan, open + 1);
  let position = hrefStart;
  for (;;) {
    const char = text.charAt(position);
    if (position < text.length && char !== ' ' && char !== '(' && char !== ')') {
      position = scan.nextOf(' ()', position);
    } else if (char === '(') {
      // [(][^ )]+[)]: the first space or `)` after the `(` must be a `)`, and not the next character
      const close = scan.nextOf(' )', position + 1);
      if (text.charAt(close) !== ')' || close === position + 1) break;
      position = close + 1;
    } else {
      break;
    }
  }
  if (position === hrefStart) return undefined;
  const href = text.slice(hrefStart, position);
  const titled = withTitle(scan, position);
  if (titled !== undefined) return { href, title: titled.title, end: titled.end };
  const close = skipSpace(scan, position);
  return text.charAt(close) === ')' ? { href, title: undefined, end: close + 1 } : undefined;
}

/** (?:[ ]+("[^"]*+"|'[^']*+'))\s*+[)] from `position`, or undefined. */
function withTitle(scan: LineScan, position: number): { title: string; end: number } | undefined {
  const text = scan.text;
  let quoteAt = position;
  while (text.charAt(quoteAt) === ' ') quoteAt++;
  const quote = text.charAt(quoteAt);
  if (quoteAt === position || (quote !== '"' && quote !== "'")) return undefined;
  const closingQuote = scan.indexOf(quote, quoteAt + 1);
  if (closingQuote === -1) return undefined;
  const close = skipSpace(scan, closingQuote + 1);
  if (text.charAt(close) !== ')') return undefined;
  return { title: text.slice(quoteAt + 1, closingQuote), end: close + 1 };
}

function skipSpace(scan: LineScan, from: number): number {
  const found = scan.first('not \\s', from, firstNonSpace);
  return found === -1 ? scan.text.length : found;
}

function firstNonSpace(scan: LineScan, from: number): number {
  for (let index = from; index < scan.text.length; index++) if (!SPACE.includes(scan.text.charAt(index))) return index;
  return -1;
}
