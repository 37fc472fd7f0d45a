// HTML comments (Parsedown) and HTML elements (ParsedownExtra, nesting-aware): recognised because splitting runs with
// safe mode off.
import type { BlockRule } from './types.ts';
import { PHP_WHITESPACE, trimCharacters } from './php-string.ts';

/** Parsedown's `$textLevelElements`: these never start an HTML block. */
const TEXT_LEVEL_ELEMENTS: ReadonlySet<string> = new Set([
  'a',
  'br',
  'bdo',
  'abbr',
  'blink',
  'nextid',
  'acronym',
  'basefont',
  'b',
  'em',
  'big',
  'cite',
  'small',
  'spacer',
  'listing',
  'i',
  'rp',
  'del',
  'code',
  'strike',
  'marquee',
  'q',
  'rt',
  'ins',
  'font',
  'strong',
  's',
  'tt',
  'kbd',
  'mark',
  'u',
  'xm',
  'sub',
  'nobr',
  'sup',
  'ruby',
  'var',
  'span',
  'wbr',
  'time',
]);

const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  'area',
  'base',
  'br',
  'col',
  'command',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'frame',
]);

// Parsedown's $regexHtmlAttribute. Its possessive quantifiers are emulated with (?=(x))\k<x>, so that a failing line
// cannot backtrack into an attribute name or value: the same matches as PCRE, in linear time.
const SPACE = '[ \\t\\n\\v\\f\\r]';
const HTML_ATTRIBUTE =
  `[a-zA-Z_:](?=(?<attributeName>[\\w:.-]*))\\k<attributeName>` +
  `(?:${SPACE}*=${SPACE}*(?:(?=(?<attributeValue>[^"'=<>\`\\t\\n\\v\\f\\r ]+))\\k<attributeValue>|"[^"]*"|'[^']*'))?`;
const ELEMENT_START = new RegExp(`^<(?<elementName>\\w[\\w-]*)(?:[ ]*${HTML_ATTRIBUTE})*[ ]*(?<selfClosing>\\/)?>`);

export const COMMENT_RULE: BlockRule = {
  start: (line) =>
    line.text.startsWith('<!--') ? { type: 'Comment', interrupted: 0, finished: line.text.includes('-->') } : undefined,
  // A comment runs on across blank lines until a line contains `-->`.
  continue: (line, block) => (block.finished ? undefined : { ...block, finished: line.text.includes('-->') }),
};

export const MARKUP_RULE: BlockRule = {
  start: (line) => {
    const match = ELEMENT_START.exec(line.text);
    const elementName = match?.groups?.elementName;
    if (match === null || elementName === undefined) return undefined;
    if (TEXT_LEVEL_ELEMENTS.has(elementName.toLowerCase())) return undefined;
    const selfClosing = match.groups?.selfClosing !== undefined || VOID_ELEMENTS.has(elementName);
    const remainder = line.text.slice(match[0].length);
    const restIsEmpty = trimCharacters(remainder, PHP_WHITESPACE) === '';
    if (!restIsEmpty && selfClosing) return undefined;
    const finished = restIsEmpty ? selfClosing : closingTag(elementName).test(remainder);
    return { type: 'Markup', interrupted: 0, finished, elementName, elementDepth: 0 };
  },
  // Blank lines do not end the element; only its matching closing tag does.
  continue: (line, block) => {
    if (block.finished) return undefined;
    const elementName = block.elementName ?? '';
    let elementDepth = block.elementDepth ?? 0;
    let finished = false;
    if (openingTag(elementName).test(line.text)) elementDepth += 1;
    if (closingTag(elementName).test(line.text)) {
      if (elementDepth > 0) elementDepth -= 1;
      else finished = true;
    }
    return { ...block, interrupted: 0, elementDepth, finished };
  },
};

function openingTag(elementName: string): RegExp {
  return new RegExp(`^<${elementName}(?:[ ]*${HTML_ATTRIBUTE})*[ ]*>`, 'i');
}

function closingTag(elementName: string): RegExp {
  return new RegExp(`<\\/${elementName}>[ ]*$`, 'i');
}
