// Typemill's inline math: \(…\) at the marker, or the first $…$ anywhere after it, output as \(…\) text.

import type { InlineRule } from '../types.ts';
import { utf8Length } from '../utf8-bytes.ts';

const PAREN_MATH = /^(?<!\\)(?<!\\\()\\\((.*?)(?<!\\\()\\\)(?!\\\))/s;
/** Not anchored in Typemill: a later $…$ is found too, and its length in bytes is consumed from the marker.
 *  PCRE counts bytes here, so one non-ASCII character between the dollars is enough. */
export const DOLLAR_MATH_ANYWHERE = /\$(?!\$)([^ ][^$\n]+|[^\x00-\x7F])(?<! )\$(?![1-9])/s;

export const math: InlineRule = (excerpt) => {
  const match = PAREN_MATH.exec(excerpt.text) ?? DOLLAR_MATH_ANYWHERE.exec(excerpt.text);
  if (match === null) return undefined;
  return { extent: match[0].length, byteExtent: utf8Length(match[0]), element: { text: `\\(${match[1] ?? ''}\\)` } };
};
