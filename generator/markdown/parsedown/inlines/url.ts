// Bare http(s) URLs, found from a `://`: the link starts at the URL, which may begin before the marker.

import type { LineScan } from '../line-scan.ts';
import type { InlineRule } from '../types.ts';
import { firstOrphanByte } from '../utf8-bytes.ts';

// PCRE's \b in Unicode mode, as lookarounds: letters, digits and _ are word characters.
const WORD = '[\\p{L}\\p{N}_]';
const BARE_URL_SOURCE = `(?<!${WORD})https?:\\/{2}[^\\s<]+(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))\\/*`;
/** At the start of the text still to parse, where PCRE sees nothing before it. */
const BARE_URL_AT_START = new RegExp(`^${BARE_URL_SOURCE}`, 'iu');
/** Further on, where the lookbehind sees the same characters in the scanned line as in the text still to parse. */
const BARE_URL_FURTHER = new RegExp(BARE_URL_SOURCE, 'giu');

// Typemill searches the whole text still to parse for every `://`; the search is remembered per line instead.
export const url: InlineRule = (excerpt) => {
  const { scan, contextAt } = excerpt;
  if (excerpt.text.charAt(2) !== '/' || scan.indexOf('http', contextAt) === -1) return undefined;
  // PCRE in Unicode mode refuses invalid UTF-8 altogether
  if (scan.first('orphan byte', contextAt, firstOrphanByte) !== -1) return undefined;
  const atStart = BARE_URL_AT_START.exec(scan.text.slice(contextAt));
  const index = atStart === null ? scan.first('bare url', contextAt + 1, firstBareUrl) : contextAt;
  if (index === -1) return undefined;
  const address = atStart?.[0] ?? scan.table('bare urls', () => new Map<number, string>()).get(index) ?? '';
  return {
    extent: address.length,
    position: index - contextAt,
    element: { name: 'a', text: address, attributes: new Map([['href', address]]) },
  };
};

function firstBareUrl(scan: LineScan, from: number): number {
  BARE_URL_FURTHER.lastIndex = from;
  const match = BARE_URL_FURTHER.exec(scan.text);
  if (match === null) return -1;
  scan.table('bare urls', () => new Map<number, string>()).set(match.index, match[0]);
  return match.index;
}
