// Backslash escapes (Typemill's wider list), except where the rest of the text holds math that needs its backslashes.

import type { InlineRule } from '../types.ts';
import { dollarMathFrom, hasParenMathFrom } from './math-search.ts';

const SPECIAL_CHARACTERS = new Set([
  '\\',
  '`',
  '*',
  '_',
  '{',
  '}',
  '[',
  ']',
  '(',
  ')',
  '<',
  '>',
  '#',
  '+',
  '-',
  '.',
  '!',
  '|',
  '~',
  '^',
  '=',
]);

export const escapeSequence: InlineRule = (excerpt) => {
  const escaped = excerpt.text.charAt(1);
  if (!SPECIAL_CHARACTERS.has(escaped)) return undefined;
  const { scan, at } = excerpt;
  if (hasParenMathFrom(scan, at) || dollarMathFrom(scan, at) !== undefined) return undefined;
  return { extent: 2, element: { rawHtml: escaped } };
};
