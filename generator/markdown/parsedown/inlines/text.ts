// Plain text between inline matches: two trailing spaces or a backslash before a line end make <br />, and
// ParsedownExtra marks the page's abbreviations in it.

import type { Element, Parser } from '../types.ts';

export function inlineText(parser: Parser, text: string): Element {
  const abbreviations = parser.definitions.abbreviations;
  // Without a line end or an abbreviation the text renders as one escaped text, wrapped or not.
  if (abbreviations.size === 0 && !text.includes('\n')) return { text };
  let element: Element = { elements: hardBreaks(text) };
  for (const [abbreviation, meaning] of abbreviations) {
    const pattern = new RegExp(`\\b${escapeRegExp(abbreviation)}\\b`);
    const abbr: Element = { name: 'abbr', attributes: new Map([['title', meaning]]), text: abbreviation };
    element = markAbbreviations(element, pattern, abbr);
  }
  return element;
}

/** Parsedown's /(?: *\\| {2,})\n/ replaced by <br /> and a line end, found from each line end backwards: the
 *  pattern tried every space of a long run of spaces as a start (quadratic in the run). */
function hardBreaks(source: string): Element[] {
  const elements: Element[] = [];
  let from = 0;
  for (let lineEnd = source.indexOf('\n'); lineEnd !== -1; lineEnd = source.indexOf('\n', lineEnd + 1)) {
    const backslash = source.charAt(lineEnd - 1) === '\\' && lineEnd - 1 >= from;
    let start = backslash ? lineEnd - 1 : lineEnd;
    while (start > from && source.charAt(start - 1) === ' ') start--;
    if (!backslash && lineEnd - start < 2) continue;
    elements.push({ text: source.slice(from, start) }, { name: 'br' }, { text: '\n' });
    from = lineEnd + 1;
  }
  elements.push({ text: source.slice(from) });
  return elements;
}

/** Depth first, like ParsedownExtra: every element that still holds text gets its matches replaced. */
function markAbbreviations(element: Element, pattern: RegExp, abbr: Element): Element {
  const withChildren =
    element.elements === undefined
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
