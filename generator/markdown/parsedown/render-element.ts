// Parsedown's element() and elements(): safe-mode sanitising, late handlers, escaping, and its automatic line breaks.

import type { Element, Handler, Parser } from './types.ts';
import { hasOrphanBytes, ORPHAN_BYTE } from './utf8-bytes.ts';

/** Parsedown's safe mode drops attribute names that do not look like names, and every on… event handler. */
const GOOD_ATTRIBUTE_NAME = /^[a-zA-Z0-9][a-zA-Z0-9-_]*$/;
const TEXT_TO_ESCAPE = /[&<>]/;
/** Content nested deeper than this renders as plain text (deliberate: Typemill recurses without limit, a JavaScript
 *  stack overflows after a few thousand levels). Real pages nest a handful of levels. */
const MAX_NESTING = 100;
const URL_ATTRIBUTE_OF: Readonly<Record<string, string>> = { a: 'href', img: 'src' };
const SAFE_LINK_PREFIXES = [
  'http://',
  'https://',
  'ftp://',
  'ftps://',
  'mailto:',
  'data:image/png;base64,',
  'data:image/gif;base64,',
  'data:image/jpeg;base64,',
  'irc:',
  'ircs:',
  'git:',
  'ssh:',
  'news:',
  'steam:',
];

/** Text keeps quotes (ENT_NOQUOTES). */
export function escapeText(text: string): string {
  // htmlspecialchars gives '' for invalid UTF-8
  if (text.includes(ORPHAN_BYTE) && hasOrphanBytes(text)) return '';
  if (!TEXT_TO_ESCAPE.test(text)) return text;
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Attribute values escape quotes too (ENT_QUOTES). */
export function escapeAttribute(value: string): string {
  return escapeText(value).replaceAll('"', '&quot;').replaceAll("'", '&#039;');
}

export function renderElement(parser: Parser, element: Element): string {
  // Parsedown sanitises and runs the handler on a copy of the element; reading the parts off the original renders the
  // same without copying every element twice.
  const handler = element.handler;
  if (handler === undefined) return renderParts(parser, element, element.elements, element.text);
  parser.nesting += 1;
  try {
    if (parser.nesting >= MAX_NESTING) return renderParts(parser, element, element.elements, handlerText(handler));
    return renderParts(parser, element, handle(parser, handler, element.nonNestables ?? []), element.text);
  } finally {
    parser.nesting -= 1;
  }
}

/** The element's markup with its children (`elements`, else its one `element`, else `text`, else `rawHtml`). */
function renderParts(
  parser: Parser,
  element: Element,
  elements: readonly Element[] | undefined,
  text: string | undefined,
): string {
  const name = element.name;
  let markup = '';
  if (name !== undefined) {
    markup += `<${name}`;
    const attributes = element.attributes;
    if (attributes !== undefined && attributes.size > 0) markup += renderAttributes(parser, name, attributes);
  }
  let content: string | undefined;
  if (elements !== undefined) content = renderElements(parser, elements);
  else if (element.element !== undefined) content = renderElement(parser, element.element);
  else if (text !== undefined) content = escapeText(text);
  else if (element.rawHtml !== undefined) {
    content = element.allowRawHtmlInSafeMode === true ? element.rawHtml : escapeText(element.rawHtml);
  }
  if (content !== undefined) return name === undefined ? markup + content : `${markup}>${content}</${name}>`;
  return name === undefined ? markup : `${markup} />`;
}

/** Safe mode's attributes: names that look like names, no on… handlers, safe URLs; null values are left out. */
function renderAttributes(parser: Parser, name: string, attributes: ReadonlyMap<string, string | null>): string {
  const urlAttribute = URL_ATTRIBUTE_OF[name];
  let markup = '';
  for (const [attribute, value] of attributes) {
    if (value === null || !GOOD_ATTRIBUTE_NAME.test(attribute) || attribute.toLowerCase().startsWith('on')) continue;
    markup += ` ${attribute}="${escapeAttribute(attribute === urlAttribute ? safeUrl(parser, value) : value)}"`;
  }
  return markup;
}

export function renderElements(parser: Parser, elements: readonly Element[]): string {
  let markup = '';
  let autoBreak = true;
  for (const element of elements) {
    if (element.empty === true) continue;
    const autoBreakNext = element.autobreak ?? element.name !== undefined;
    // autobreak false on either side of an element suppresses the line break between them
    autoBreak = autoBreak ? autoBreakNext : autoBreak;
    markup += (autoBreak ? '\n' : '') + renderElement(parser, element);
    autoBreak = autoBreakNext;
  }
  return markup + (autoBreak ? '\n' : '');
}

function safeUrl(parser: Parser, url: string): string {
  const lowerUrl = url.toLowerCase();
  const prefixes = [...SAFE_LINK_PREFIXES, ...parser.options.urlSchemes];
  if (prefixes.some((prefix) => lowerUrl.startsWith(prefix.toLowerCase()))) return url;
  return url.replaceAll(':', '%3A');
}

function handlerText(handler: Handler): string {
  return handler.kind === 'line' || handler.kind === 'text' ? handler.text : handler.lines.join('\n');
}

function handle(parser: Parser, handler: Handler, nonNestables: readonly string[]): Element[] {
  switch (handler.kind) {
    case 'line':
      return parser.lineElements(handler.text, nonNestables);
    case 'lines':
      return parser.linesElements(handler.lines);
    case 'li':
      return listItemElements(parser, handler.lines);
    case 'text':
      return parser.textElements(handler.text);
  }
}

/** A tight item (no blank line among its lines) shows its first paragraph without <p>. */
function listItemElements(parser: Parser, lines: readonly string[]): Element[] {
  const elements = parser.linesElements(lines);
  const first = elements[0];
  if (!lines.includes('') && first !== undefined && first.name === 'p') {
    const { name: _name, ...unwrapped } = first;
    elements[0] = unwrapped;
  }
  return elements;
}
