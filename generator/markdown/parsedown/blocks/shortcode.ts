// Typemill's block shortcodes: a line starting `[:…:]` becomes the shortcode's HTML, the rest of the line its inline
// HTML.

import { PHP_WHITESPACE, trimCharacters } from '../../split/php-string.ts';
import { renderShortcode } from '../shortcode-html.ts';
import type { BlockRule } from '../types.ts';

const BLOCK_SHORTCODE = /^\[:.*?:\]/s;

export const shortcode: BlockRule = {
  start(line, _current, parser) {
    const match = BLOCK_SHORTCODE.exec(line.text);
    if (match === null) return undefined;
    const html = renderShortcode(match[0], 'block', parser.options);
    const rest = trimCharacters(line.text.slice(match[0].length), PHP_WHITESPACE);
    // PHP's falsy "0" counts as no text
    const inline = rest === '' || rest === '0' ? '' : parser.renderElements(parser.lineElements(rest));
    return { type: 'Shortcode', element: { rawHtml: html + inline, allowRawHtmlInSafeMode: true } };
  },
};
