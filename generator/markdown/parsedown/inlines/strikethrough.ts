// ~~deleted~~ text: no whitespace just inside the tildes.

import type { InlineRule } from '../types.ts';

const STRIKETHROUGH = /^~~(?=[^ \t\n\x0B\f\r])([^\n]+?)(?<=[^ \t\n\x0B\f\r])~~/;

export const strikethrough: InlineRule = (excerpt) => {
  if (excerpt.text.charAt(1) !== '~') return undefined;
  const match = STRIKETHROUGH.exec(excerpt.text);
  if (match === null) return undefined;
  return { extent: match[0].length, element: { name: 'del', handler: { kind: 'line', text: match[1] ?? '' } } };
};
