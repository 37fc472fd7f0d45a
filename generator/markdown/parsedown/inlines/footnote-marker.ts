// Footnote references [^label] to a footnote defined in the same text; numbers count on across the page's blocks.

import type { InlineRule } from '../types.ts';

export const footnoteMarker: InlineRule = (excerpt, parser) => {
  const footnotes = parser.definitions.footnotes;
  if (footnotes === null || !excerpt.text.startsWith('[^')) return undefined;
  // /^\[\^(.+?)\]/: the first `]` after at least one character, on the same line
  const { scan, at } = excerpt;
  const close = scan.indexOf(']', at + 3);
  const lineEnd = scan.indexOf('\n', at + 2);
  if (close === -1 || (lineEnd !== -1 && lineEnd < close)) return undefined;
  const name = scan.text.slice(at + 2, close);
  const definition = footnotes.get(name);
  if (definition === undefined) return undefined;
  definition.count += 1;
  definition.number ??= parser.nextFootnoteNumber();
  const link = {
    name: 'a',
    attributes: new Map([
      ['href', `#fn:${name}`],
      ['class', 'footnote-ref'],
    ]),
    text: String(definition.number),
  };
  return {
    extent: close + 1 - at,
    element: { name: 'sup', attributes: new Map([['id', `fnref${definition.count}:${name}`]]), element: link },
  };
};
