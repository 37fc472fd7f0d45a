// Parsedown's inline loop: find the next marker character, let the rules for it try in order, and keep the text
// between matches as plain text (hard breaks, abbreviations).

import { INLINE_MARKER_PATTERN, INLINE_RULES_BY_MARKER } from './inline-rules.ts';
import { inlineText } from './inlines/text.ts';
import type { Element, Parser } from './types.ts';
import { sliceBytes } from './utf8-bytes.ts';

export function lineElements(parser: Parser, source: string, nonNestables: readonly string[] = []): Element[] {
  const elements: Element[] = [];
  let text = source;
  for (let markerPosition = text.search(INLINE_MARKER_PATTERN); markerPosition !== -1; markerPosition = text.search(INLINE_MARKER_PATTERN)) {
    const excerpt = { text: text.slice(markerPosition), context: text };
    const matched = matchInline(parser, excerpt, markerPosition, nonNestables);
    if (matched !== undefined) {
      elements.push(inlineText(parser, text.slice(0, matched.position)));
      elements.push(matched.element);
      text = matched.byteExtent === undefined
        ? text.slice(matched.position + matched.extent)
        : sliceBytes(text, matched.position, matched.byteExtent);
      continue;
    }
    // the marker does not start anything: it stays text
    elements.push(inlineText(parser, text.slice(0, markerPosition + 1)));
    text = text.slice(markerPosition + 1);
  }
  elements.push(inlineText(parser, text));
  // every element here is new, so setting the default in place is safe
  for (const element of elements) element.autobreak ??= false;
  return elements;
}

function matchInline(parser: Parser, excerpt: { text: string; context: string }, markerPosition: number, nonNestables: readonly string[]) {
  for (const [type, rule] of INLINE_RULES_BY_MARKER[excerpt.text.charAt(0)] ?? []) {
    if (nonNestables.includes(type)) continue;
    const inline = rule(excerpt, parser);
    if (inline === undefined) continue;
    // a match found further on belongs to a later marker
    if (inline.position !== undefined && inline.position > markerPosition) continue;
    const inherited = [...(inline.element.nonNestables ?? []), ...nonNestables];
    return { ...inline, position: inline.position ?? markerPosition, element: { ...inline.element, nonNestables: inherited } };
  }
  return undefined;
}
