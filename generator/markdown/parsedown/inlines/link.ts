// Links: [text](url "title") or a reference [text][id] / [id]; Typemill puts its base URL before `/…` and `media/…`
// URLs, and `{…}` after the link adds attributes (never replacing href or title).

import { ATTRIBUTE_PATTERN, parseAttributeData } from '../attribute-data.ts';
import { lowerAscii } from '../lower-ascii.ts';
import type { Element, Inline, InlineRule, Parser } from '../types.ts';
import { sliceBytes, utf8Length } from '../utf8-bytes.ts';
import { findBracketed } from './brackets.ts';

/** PCRE's \s without Unicode mode. */
const SPACE = '[ \\t\\n\\x0B\\f\\r]';
// (?=(x))\1 stands for PCRE's possessive x
const DESTINATION = new RegExp(`^[(](?=(${SPACE}*))\\1((?:[^ ()]+|[(][^ )]+[)])+)(?:[ ]+("[^"]*"|'[^']*'))?${SPACE}*[)]`);
const REFERENCE = new RegExp(`^${SPACE}*\\[(.*?)\\]`);
const ATTRIBUTE_BLOCK = new RegExp(`^[ ]*\\{(${ATTRIBUTE_PATTERN}+)\\}`);

export const link: InlineRule = (excerpt, parser) => parseLink(excerpt.text, parser);

export function parseLink(text: string, parser: Parser): Inline | undefined {
  const bracketed = findBracketed(text);
  if (bracketed === undefined) return undefined;
  // Parsedown counts the match's length in bytes from the start of the text, even when the brackets start further on.
  let extent = utf8Length(text.slice(bracketed.start, bracketed.start + bracketed.length));
  const remainder = sliceBytes(text, 0, extent);
  const attributes = new Map<string, string | null>();

  const destination = DESTINATION.exec(remainder);
  if (destination !== null) {
    attributes.set('href', withBaseUrl(destination[2] ?? '', parser.options.baseUrl));
    const title = destination[3];
    attributes.set('title', title === undefined ? null : title.slice(1, -1));
    extent += utf8Length(destination[0]);
  } else {
    const reference = REFERENCE.exec(remainder);
    let label = bracketed.inner;
    if (reference !== null) {
      if ((reference[1] ?? '') !== '') label = reference[1] ?? '';
      extent += utf8Length(reference[0]);
    }
    const definition = parser.definitions.references.get(lowerAscii(label));
    if (definition === undefined) return undefined;
    attributes.set('href', definition.url);
    attributes.set('title', definition.title);
  }

  const attributeBlock = ATTRIBUTE_BLOCK.exec(sliceBytes(text, 0, extent));
  if (attributeBlock !== null) {
    for (const [name, value] of parseAttributeData(attributeBlock[1] ?? '')) if (!attributes.has(name)) attributes.set(name, value);
    extent += utf8Length(attributeBlock[0]);
  }
  const element: Element = { name: 'a', handler: { kind: 'line', text: bracketed.inner }, nonNestables: ['Url', 'Link'], attributes };
  return { extent: 0, byteExtent: extent, element };
}

function withBaseUrl(href: string, baseUrl: string): string {
  if (href.startsWith('/')) return baseUrl + href;
  if (href.startsWith('media/')) return `${baseUrl}/${href}`;
  return href;
}
