// Code spans: a run of backticks, the text, the same run again (not part of a longer run); inner line ends become spaces.

import type { InlineRule } from '../types.ts';

// (?=(x))\1 stands for PCRE's possessive x: the backtick run and the spaces after it are never given back.
const CODE_SPAN = /^(?=(`+))\1(?=( *))\2([\s\S]+?) *(?<!`)\1(?!`)/;

export const code: InlineRule = (excerpt) => {
  const match = CODE_SPAN.exec(excerpt.text);
  if (match === null) return undefined;
  return { extent: match[0].length, element: { name: 'code', text: (match[3] ?? '').replace(/ *\n/g, ' ') } };
};
