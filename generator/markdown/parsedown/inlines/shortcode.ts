// Typemill's inline shortcodes: the first `[:…:]` anywhere in the rest of the line, its length consumed from the
// marker.

import type { LineScan } from '../line-scan.ts';
import { renderShortcode } from '../shortcode-html.ts';
import type { InlineRule } from '../types.ts';
import { utf8Length } from '../utf8-bytes.ts';

export const shortcode: InlineRule = (excerpt, parser) => {
  const { scan } = excerpt;
  // /\[:.*?:\]/ searched once per line, not once per `[`
  const start = scan.first('shortcode', excerpt.at, firstShortcode);
  if (start === -1) return undefined;
  const match = scan.text.slice(start, scan.indexOf(':]', start + 2) + 2);
  return {
    extent: match.length,
    byteExtent: utf8Length(match),
    element: { rawHtml: renderShortcode(match, 'inline', parser.options), allowRawHtmlInSafeMode: true },
  };
};

/** The first `[:` from `from` on whose next `:]` comes before the next line end (PCRE's `.` is all but `\n`). */
function firstShortcode(scan: LineScan, from: number): number {
  for (let open = scan.indexOf('[:', from); open !== -1; open = scan.indexOf('[:', open + 1)) {
    const close = scan.indexOf(':]', open + 2);
    if (close === -1) return -1;
    const lineEnd = scan.indexOf('\n', open + 2);
    if (lineEnd === -1 || lineEnd > close) return open;
  }
  return -1;
}
