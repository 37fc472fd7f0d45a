// Backslash escapes (Typemill's wider list), except where the rest of the text holds math that needs its backslashes.

import type { InlineRule } from '../types.ts';
import { DOLLAR_MATH_ANYWHERE } from './math.ts';

const SPECIAL_CHARACTERS = new Set(['\\', '`', '*', '_', '{', '}', '[', ']', '(', ')', '<', '>', '#', '+', '-', '.', '!', '|', '~', '^', '=']);
const PAREN_MATH_ANYWHERE = /(?<!\\)((?<!\\\()\\\((?!\\\())(.*?)(?<!\\)(?<!\\\()((?<!\\\))\\\)(?!\\\)))(?!\\\()/s;

export const escapeSequence: InlineRule = (excerpt) => {
  const escaped = excerpt.text.charAt(1);
  if (!SPECIAL_CHARACTERS.has(escaped)) return undefined;
  if (PAREN_MATH_ANYWHERE.test(excerpt.text) || DOLLAR_MATH_ANYWHERE.test(excerpt.text)) return undefined;
  return { extent: 2, element: { rawHtml: escaped } };
};
