// Typemill's ATX headings: no space needed after `#`, id `h-` + slug of the whole line, optional `#` anchor, noted for
// [TOC].

import { trimCharacters } from '../../split/php-string.ts';
import { headingId } from '../heading-id.ts';
import type { HeadingEntry } from '../../render-env.ts';
import type { BlockRule } from '../types.ts';

/** The heading a line (without its indent) stands for, or undefined; `text` is as written, for the TOC. */
export function atxHeading(lineText: string, langattr: string): HeadingEntry | undefined {
  if (!lineText.startsWith('#') || lineText.length < 2) return undefined;
  const level = /^#*/.exec(lineText)?.[0].length ?? 0;
  if (level > 6) return undefined;
  const text = trimCharacters(trimCharacters(lineText, '#'), ' ');
  return { level, id: headingId(lineText, langattr), text };
}

export const header: BlockRule = {
  start(line, _current, parser) {
    const heading = atxHeading(line.text, parser.options.langattr);
    if (heading === undefined) return undefined;
    const { level, id, text } = heading;
    if (!parser.headings.has(id)) parser.headings.set(id, heading);
    // Typemill prepends the anchor as markdown, so it goes through the link and attribute rules.
    const anchor = parser.options.headlineAnchors && level > 1 ? `[#](#${id}){.tm-heading-anchor}` : '';
    const attributes = new Map<string, string | null>([['id', id]]);
    return {
      type: 'Header',
      element: { name: `h${level}`, attributes, handler: { kind: 'line', text: anchor + text } },
    };
  },
};
