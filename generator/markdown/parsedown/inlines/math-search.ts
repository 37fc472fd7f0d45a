// Typemill's inline math patterns, searched over the scanned line so that each `\` or `$` marker costs constant time:
// the patterns look at the whole rest of the line, and a line of escapes asked them again for every backslash.

import type { LineScan } from '../line-scan.ts';

/** Not anchored in Typemill: a later $…$ is found too, and its length in bytes is consumed from the marker.
 *  PCRE counts bytes here, so one non-ASCII character between the dollars is enough. Nothing in it looks before the
 *  first `$`, so the first match from a position is the same for every position up to it. */
const DOLLAR_MATH = /\$(?!\$)([^ ][^$\n]+|[^\x00-\x7F])(?<! )\$(?![1-9])/gs;

/** /\$(?!\$)([^ ][^$\n]+)(?<! )\$(?![1-9])/s: the first $…$ in the text from `from` on. */
export function dollarMathFrom(scan: LineScan, from: number): RegExpExecArray | undefined {
  const found = scan.first('dollar math', from, firstDollarMath);
  return found === -1
    ? undefined
    : scan.table('dollar math matches', () => new Map<number, RegExpExecArray>()).get(found);
}

function firstDollarMath(scan: LineScan, from: number): number {
  DOLLAR_MATH.lastIndex = from;
  const match = DOLLAR_MATH.exec(scan.text);
  if (match === null) return -1;
  scan.table('dollar math matches', () => new Map<number, RegExpExecArray>()).set(match.index, match);
  return match.index;
}

/** Typemill's /^(?<!\\)(?<!\\\()\\\((.*?)(?<!\\\()\\\)(?!\\\))/s at `at`: the formula, or undefined. */
export function parenMathAt(scan: LineScan, at: number): { formula: string; end: number } | undefined {
  if (!scan.text.startsWith('\\(', at)) return undefined;
  const close = scan.first('paren math close', at + 2, firstAnchoredClose);
  return close === -1 ? undefined : { formula: scan.text.slice(at + 2, close), end: close + 2 };
}

function firstAnchoredClose(scan: LineScan, from: number): number {
  const text = scan.text;
  for (let close = scan.indexOf('\\)', from); close !== -1; close = scan.indexOf('\\)', close + 1)) {
    if (!text.startsWith('\\(', close - 2) && !text.startsWith('\\)', close + 2)) return close;
  }
  return -1;
}

/** Whether Typemill's unanchored \(…\) pattern (the one that keeps an escape from firing) matches from `from` on:
 *  an opening `\(` not after `\` or `\(` and not before `\(`, then anywhere after it a closing `\)` not after `\`,
 *  `\(` or `\)` and not before `\)` or `\(`. Lookbehinds see nothing before `from`, as PCRE sees the excerpt alone. */
export function hasParenMathFrom(scan: LineScan, from: number): boolean {
  const lastClose = scan.table('paren math last close', lastUnanchoredClose);
  if (lastClose === -1) return false;
  for (const open of [from, from + 1]) if (open + 2 <= lastClose && opensParenMath(scan.text, open, from)) return true;
  const open = scan.first('paren math open', from + 2, firstOpen);
  return open !== -1 && open + 2 <= lastClose;
}

function opensParenMath(text: string, open: number, textStart: number): boolean {
  if (!text.startsWith('\\(', open) || text.startsWith('\\(', open + 2)) return false;
  if (open - 1 >= textStart && text.charAt(open - 1) === '\\') return false;
  return !(open - 2 >= textStart && text.startsWith('\\(', open - 2));
}

function firstOpen(scan: LineScan, from: number): number {
  for (let open = scan.indexOf('\\(', from); open !== -1; open = scan.indexOf('\\(', open + 1)) {
    if (opensParenMath(scan.text, open, 0)) return open;
  }
  return -1;
}

function lastUnanchoredClose(text: string): number {
  for (
    let close = text.lastIndexOf('\\)');
    close !== -1;
    close = close === 0 ? -1 : text.lastIndexOf('\\)', close - 1)
  ) {
    if (text.charAt(close - 1) === '\\' || text.startsWith('\\(', close - 2) || text.startsWith('\\)', close - 2))
      continue;
    if (text.startsWith('\\)', close + 2) || text.startsWith('\\(', close + 2)) continue;
    return close;
  }
  return -1;
}
