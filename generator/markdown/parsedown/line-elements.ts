// Parsedown's inline loop: find the next marker character, let the rules for it try in order, and keep the text
// between matches as plain text (hard breaks, abbreviations).

import { INLINE_MARKER_PATTERN, INLINE_RULES_BY_MARKER } from './inline-rules.ts';
import { inlineText } from './inlines/text.ts';
import { LineScan } from './line-scan.ts';
import type { Element, Excerpt, Inline, Parser } from './types.ts';
import { ORPHAN_BYTE, sliceBytes } from './utf8-bytes.ts';

const NEXT_MARKER = new RegExp(INLINE_MARKER_PATTERN.source, 'g');

export function lineElements(parser: Parser, source: string, nonNestables: readonly string[] = []): Element[] {
  const elements: Element[] = [];
  let scan = new LineScan(source);
  // the text still to parse is scan.text from `start` on; from `pending` to `start` is text not yet added
  let start = 0;
  let pending = 0;
  const addPending = () => {
    if (pending < start) elements.push(inlineText(parser, scan.text.slice(pending, start)));
    pending = start;
  };
  for (let at = nextMarker(scan.text, start); at !== -1; at = nextMarker(scan.text, start)) {
    const excerpt: Excerpt = { text: scan.text.slice(at), scan, at, contextAt: start };
    const matched = matchInline(parser, excerpt, at - start, nonNestables);
    if (matched === undefined) {
      // the marker does not start anything: it stays text
      const joins = joinsAsText(parser, scan.text, start, at + 1);
      if (!joins) addPending();
      start = at + 1;
      if (!joins) addPending();
      continue;
    }
    addPending();
    const position = start + matched.position;
    elements.push(inlineText(parser, scan.text.slice(start, position)));
    elements.push(matched.element);
    if (matched.byteExtent === undefined) {
      start = position + matched.extent;
    } else {
      const after = scan.indexAfterBytes(position, matched.byteExtent);
      // the byte count ended inside a character: the rest is new text that starts with orphan bytes
      if (after === -1) scan = new LineScan(sliceBytes(scan.text, position, matched.byteExtent));
      start = after === -1 ? 0 : after;
    }
    pending = start;
  }
  addPending();
  elements.push(inlineText(parser, scan.text.slice(start)));
  // every element here is new, so setting the default in place is safe
  for (const element of elements) element.autobreak ??= false;
  return elements;
}

/** Parsedown adds the text up to each marker that starts nothing as an element of its own. Adding such pieces as one
 *  element renders the same unless a hard break or an abbreviation could span two of them, or one of them holds orphan
 *  bytes (which blank only their own element); one element per marker is what made a line of backticks slow. */
function joinsAsText(parser: Parser, text: string, from: number, to: number): boolean {
  if (parser.definitions.abbreviations.size > 0) return false;
  for (let index = from; index < to; index++) {
    const char = text.charAt(index);
    if (char === '\n' || char === ORPHAN_BYTE) return false;
  }
  return true;
}

function nextMarker(text: string, from: number): number {
  NEXT_MARKER.lastIndex = from;
  return NEXT_MARKER.exec(text)?.index ?? -1;
}

function matchInline(parser: Parser, excerpt: Excerpt, markerPosition: number, nonNestables: readonly string[]) {
  for (const [type, rule] of INLINE_RULES_BY_MARKER[excerpt.text.charAt(0)] ?? []) {
    if (nonNestables.includes(type)) continue;
    const inline = rule(excerpt, parser);
    if (inline === undefined) continue;
    // a match found further on belongs to a later marker
    if (inline.position !== undefined && inline.position > markerPosition) continue;
    // the rule made the element for this match alone, so it may be completed in place
    inline.position ??= markerPosition;
    if (nonNestables.length > 0)
      inline.element.nonNestables = [...(inline.element.nonNestables ?? []), ...nonNestables];
    return inline as Inline & { position: number };
  }
  return undefined;
}
