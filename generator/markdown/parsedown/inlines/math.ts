// Typemill's inline math: \(…\) at the marker, or the first $…$ anywhere after it, output as \(…\) text.

import type { InlineRule } from '../types.ts';

const PAREN_MATH = /^(?<!\\)(?<!\\\()\\\((.*?)(?<!\\\()\\\)(?!\\\))/s;
/** Not anchored in Typemill: a later $…$ is found too, and its length is consumed from the marker. */
export const DOLLAR_MATH_ANYWHERE = /\$(?!\$)([^ ][^$\n]+)(?<! )\$(?![1-9])/s;

export const math: InlineRule = (excerpt) => {
  const match = PAREN_MATH.exec(excerpt.text) ?? DOLLAR_MATH_ANYWHERE.exec(excerpt.text);
  if (match === null) return undefined;
  return { extent: match[0].length, element: { text: `\\(${match[1] ?? ''}\\)` } };
};
