// ~~deleted~~ text: no whitespace just inside the tildes.

import type { LineScan } from '../line-scan.ts';
import type { InlineRule } from '../types.ts';

/** PCRE's \s without Unicode mode. */
const SPACE = ' \t\n\x0B\f\r';

// Parsedown's /^~~(?=\S)(.+?)(?<=\S)~~/ by hand: the lazy search for the closing tildes read on to the line's end for
// every opener that is never closed.
export const strikethrough: InlineRule = (excerpt) => {
  const { scan, at } = excerpt;
  const text = scan.text;
  if (text.charAt(at + 1) !== '~' || at + 2 >= text.length || SPACE.includes(text.charAt(at + 2))) return undefined;
  const close = scan.first('strikethrough close', at + 3, firstClose);
  const lineEnd = scan.indexOf('\n', at + 2);
  if (close === -1 || (lineEnd !== -1 && lineEnd < close)) return undefined;
  return {
    extent: close + 2 - at,
    element: { name: 'del', handler: { kind: 'line', text: text.slice(at + 2, close) } },
  };
};

/** `~~` after a character that is not whitespace. */
function firstClose(scan: LineScan, from: number): number {
  for (let close = scan.indexOf('~~', from); close !== -1; close = scan.indexOf('~~', close + 1)) {
    if (!SPACE.includes(scan.text.charAt(close - 1))) return close;
  }
  return -1;
}
