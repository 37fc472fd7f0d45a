// Bare http(s) URLs, found from a `://`: the link starts at the URL, which may begin before the marker.

import type { InlineRule } from '../types.ts';
import { hasOrphanBytes } from '../utf8-bytes.ts';

// PCRE's \b in Unicode mode, as lookarounds: letters, digits and _ are word characters.
const WORD = '[\\p{L}\\p{N}_]';
const BARE_URL = new RegExp(`(?<!${WORD})https?:\\/{2}[^\\s<]+(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))\\/*`, 'iu');

export const url: InlineRule = (excerpt) => {
  if (excerpt.text.charAt(2) !== '/' || !excerpt.context.includes('http')) return undefined;
  // PCRE in Unicode mode refuses invalid UTF-8 altogether
  if (hasOrphanBytes(excerpt.context)) return undefined;
  const match = BARE_URL.exec(excerpt.context);
  if (match === null) return undefined;
  const address = match[0];
  return { extent: address.length, position: match.index, element: { name: 'a', text: address, attributes: new Map([['href', address]]) } };
};
