// Links: [text](url "title") or a reference [text][id] / [id]; Typemill puts its base URL before `/…` and `media/…`
// URLs, and `{…}` after the link adds attributes (never replacing href or title).

import { attributeBlockAt, attributeBlockEnds } from '../attribute-blocks.ts';
import { parseAttributeData } from '../attribute-data.ts';
import type { LineScan } from '../line-scan.ts';
import { lowerAscii } from '../lower-ascii.ts';
import type { Element, Inline, InlineRule, Parser } from '../types.ts';
import { findBracketed } from './brackets.ts';
import { scanDestination } from './link-destination.ts';

export const link: InlineRule = (excerpt, parser) => parseLink(excerpt.scan, excerpt.at, parser);

/** The link whose text starts at `at` (or at a later `[`, as Parsedown's unanchored bracket pattern allows). */
export function parseLink(scan: LineScan, at: number, parser: Parser): Inline | undefined {
  const bracketed = findBracketed(scan, at);
  if (bracketed === undefined) return undefined;
  const inner = scan.text.slice(bracketed.start + 1, bracketed.end - 1);
  // Parsedown counts the match's length in bytes from the start of the text, even when the brackets start further on.
  let extent = scan.byteLength(bracketed.start, bracketed.end);
  // -1 when that count ends inside a character: no pattern matches there
  const remainder = scan.indexAfterBytes(at, extent);
  const attributes = new Map<string, string | null>();

  const destination = remainder === -1 ? undefined : scanDestination(scan, remainder);
  if (destination !== undefined) {
    attributes.set('href', withBaseUrl(destination.href, parser.options.baseUrl));
    attributes.set('title', destination.title ?? null);
    extent += scan.byteLength(remainder, destination.end);
  } else {
    const references = parser.definitions.references;
    if (references.size === 0) return undefined;
    const reference = remainder === -1 ? undefined : scanReference(scan, remainder);
    let label = inner;
    if (reference !== undefined) {
      if (reference.label !== '') label = reference.label;
      extent += scan.byteLength(remainder, reference.end);
    }
    const definition = references.get(lowerAscii(label));
    if (definition === undefined) return undefined;
    attributes.set('href', definition.url);
    attributes.set('title', definition.title);
  }

  const afterLink = scan.indexAfterBytes(at, extent);
  const attributeBlock =
    afterLink === -1 || scan.text.charAt(scan.runEnd(' ', afterLink)) !== '{'
      ? undefined
      : attributeBlockAt(
          scan.text,
          scan.table('attribute blocks', (text) => attributeBlockEnds(text, false)),
          afterLink,
        );
  if (attributeBlock !== undefined) {
    for (const [name, value] of parseAttributeData(attributeBlock.inner))
      if (!attributes.has(name)) attributes.set(name, value);
    extent += scan.byteLength(afterLink, attributeBlock.end);
  }
  const element: Element = {
    name: 'a',
    handler: { kind: 'line', text: inner },
    nonNestables: ['Url', 'Link'],
    attributes,
  };
  return { extent: 0, byteExtent: extent, element };
}

/** /^\s*\[(.*?)\]/: a second pair of brackets naming the reference; `.` is anything but a line end, as in PCRE. */
function scanReference(scan: LineScan, from: number): { label: string; end: number } | undefined {
  let open = from;
  while (' \t\n\x0B\f\r'.includes(scan.text.charAt(open)) && open < scan.text.length) open++;
  if (scan.text.charAt(open) !== '[') return undefined;
  const close = scan.indexOf(']', open + 1);
  const lineEnd = scan.indexOf('\n', open + 1);
  if (close === -1 || (lineEnd !== -1 && lineEnd < close)) return undefined;
  return { label: scan.text.slice(open + 1, close), end: close + 1 };
}

function withBaseUrl(href: string, baseUrl: string): string {
  if (href.startsWith('/')) return baseUrl + href;
  if (href.startsWith('media/')) return `${baseUrl}/${href}`;
  return href;
}
