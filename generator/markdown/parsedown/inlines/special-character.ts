// Entities `&name;` / `&#123;`: kept as raw HTML, which safe mode escapes again (`&amp;amp;`), as Typemill does.

import type { InlineRule } from '../types.ts';

const ENTITY = /^&(#?[0-9a-zA-Z]+);/;

export const specialCharacter: InlineRule = (excerpt) => {
  if (excerpt.text.charAt(1) === ' ' || excerpt.scan.indexOf(';', excerpt.at) === -1) return undefined;
  const match = ENTITY.exec(excerpt.text);
  if (match === null) return undefined;
  return { extent: match[0].length, element: { rawHtml: `&${match[1] ?? ''};` } };
};
