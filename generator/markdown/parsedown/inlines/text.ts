// Plain text between inline matches: two trailing spaces or a backslash before a line end make <br />, and
// ParsedownExtra marks the page's abbreviations in it.

import type { Element, Parser } from '../types.ts';

const HARD_BREAK = /(?: *\\| {2,})\n/;

export function inlineText(parser: Parser, text: string): Element {
  let element: Element = { elements: replaceWithElements(HARD_BREAK, [{ name: 'br' }, { text: '\n' }], text) };
  for (const [abbreviation, meaning] of parser.definitions.abbreviations) {
    const pattern = new RegExp(`\\b${escapeRegExp(abbreviation)}\\b`);
    const abbr: Element = { name: 'abbr', attributes: new Map([['title', meaning]]), text: abbreviation };
    element = markAbbreviations(element, pattern, abbr);
  }
  return element;
}

/** Depth first, like ParsedownExtra: every element that still holds text gets its matches replaced. */
function markAbbreviations(element: Element, pattern: RegExp, abbr: Element): Element {
  const withChildren = element.elements === undefined
    ? element
    : { ...element, elements: element.elements.map((child) => markAbbreviations(child, pattern, abbr)) };
  if (withChildren.text === undefined) return withChildren;
  const { text, ...rest } = withChildren;
  return { ...rest, elements: replaceWithElements(pattern, [abbr], text) };
}

/** Parsedown's pregReplaceElements: the text split at each match, the given elements in place of the match. */
export function replaceWithElements(pattern: RegExp, replacement: readonly Element[], source: string): Element[] {
  const elements: Element[] = [];
  let text = source;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    elements.push({ text: text.slice(0, match.index) });
    elements.push(...replacement.map((element) => ({ ...element })));
    text = text.slice(match.index + match[0].length);
  }
  elements.push({ text });
  return elements;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
