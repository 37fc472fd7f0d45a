// Typemill's inline math: \(…\) at the marker, or the first $…$ anywhere after it, output as \(…\) text.

import type { InlineRule } from '../types.ts';
import { utf8Length } from '../utf8-bytes.ts';
import { dollarMathFrom, parenMathAt } from './math-search.ts';

export const math: InlineRule = (excerpt) => {
  const { scan, at } = excerpt;
  const paren = parenMathAt(scan, at);
  if (paren !== undefined) {
    const extent = paren.end - at;
    return { extent, byteExtent: scan.byteLength(at, paren.end), element: { text: `\\(${paren.formula}\\)` } };
  }
  const dollar = dollarMathFrom(scan, at);
  if (dollar === undefined) return undefined;
  return { extent: dollar[0].length, byteExtent: utf8Length(dollar[0]), element: { text: `\\(${dollar[1] ?? ''}\\)` } };
};
