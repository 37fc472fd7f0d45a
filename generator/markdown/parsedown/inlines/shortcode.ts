// Typemill's inline shortcodes: the first `[:…:]` anywhere in the rest of the line, its length consumed from the marker.

import { renderShortcode } from '../shortcode-html.ts';
import type { InlineRule } from '../types.ts';
import { utf8Length } from '../utf8-bytes.ts';

const SHORTCODE_ANYWHERE = /\[:.*?:\]/;

export const shortcode: InlineRule = (excerpt, parser) => {
  const match = SHORTCODE_ANYWHERE.exec(excerpt.text);
  if (match === null) return undefined;
  return {
    extent: match[0].length,
    byteExtent: utf8Length(match[0]),
    element: { rawHtml: renderShortcode(match[0], 'inline', parser.options), allowRawHtmlInSafeMode: true },
  };
};
