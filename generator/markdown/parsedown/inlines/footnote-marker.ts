// Footnote references [^label] to a footnote defined in the same text; numbers count on across the page's blocks.

import type { InlineRule } from '../types.ts';

const MARKER = /^\[\^(.+?)\]/;

export const footnoteMarker: InlineRule = (excerpt, parser) => {
  const match = MARKER.exec(excerpt.text);
  const name = match?.[1];
  const definition = name === undefined ? undefined : parser.definitions.footnotes?.get(name);
  if (match === null || name === undefined || definition === undefined) return undefined;
  definition.count += 1;
  definition.number ??= parser.nextFootnoteNumber();
  const link = { name: 'a', attributes: new Map([['href', `#fn:${name}`], ['class', 'footnote-ref']]), text: String(definition.number) };
  return {
    extent: match[0].length,
    element: { name: 'sup', attributes: new Map([['id', `fnref${definition.count}:${name}`]]), element: link },
  };
};
