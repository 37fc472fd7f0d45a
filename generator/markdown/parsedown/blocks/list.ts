// Lists: an item's lines are collected raw and parsed as blocks when rendered; a blank line between items makes all
// items loose. Lines indented less than the item's content still join it unless they start a new item or list.

import type { Block, BlockRule, Element, Line, Parser } from '../types.ts';
import { reference } from './reference.ts';

const UNORDERED = /^([*+-]( +|$))(.*)/s;
const ORDERED = /^([0-9]{1,9}[.)]( +|$))(.*)/s;

export const list: BlockRule = {
  start: (line, current) => startList(line, current),
  continue: continueList,
  complete(block) {
    if (block.loose !== true) return block;
    for (const item of block.element.elements ?? []) {
      const lines = itemLines(item);
      if (lines[lines.length - 1] !== '') lines.push('');
    }
    return block;
  },
};

function startList(line: Line, current: Block | undefined): Block | undefined {
  const type = line.text.charAt(0) <= '-' ? 'ul' : 'ol';
  const match = (type === 'ul' ? UNORDERED : ORDERED).exec(line.text);
  if (match === null) return undefined;
  let marker = match[1] ?? '';
  let content = match[3] ?? '';
  let contentIndent = (match[2] ?? '').length;
  if (contentIndent >= 5) {
    contentIndent -= 1;
    marker = marker.slice(0, -contentIndent);
    content = ' '.repeat(contentIndent) + content;
  } else if (contentIndent === 0) {
    marker += ' ';
  }
  const markerWithoutWhitespace = marker.slice(0, marker.indexOf(' '));
  const markerType = type === 'ul' ? markerWithoutWhitespace : markerWithoutWhitespace.slice(-1);
  const element: Element = { name: type, elements: [] };
  if (type === 'ol') {
    const start = markerWithoutWhitespace.slice(0, -1).replace(/^0+/, '') || '0';
    if (start !== '1') {
      if (current?.type === 'Paragraph' && current.interrupted === undefined) return undefined;
      element.attributes = new Map([['start', start]]);
    }
  }
  // PHP's empty() also takes "0" for nothing
  const li = newItem(content === '' || content === '0' ? [] : [content]);
  element.elements?.push(li);
  return { type: 'List', list: { indent: line.indent, marker, type, markerType }, li, element };
}

function continueList(line: Line, block: Block, parser: Parser): Block | undefined {
  const state = block.list;
  const li = block.li;
  if (state === undefined || li === undefined) return undefined;
  if (block.interrupted !== undefined && itemLines(li).length === 0) return undefined;

  const requiredIndent = state.indent + state.marker.length;
  if (line.indent < requiredIndent) {
    const nextItem = nextItemPattern(state).exec(line.text);
    if (nextItem !== null) {
      if (block.interrupted !== undefined) {
        itemLines(li).push('');
        block.loose = true;
        block.interrupted = undefined;
      }
      const item = newItem([nextItem[1] ?? '']);
      block.element.elements?.push(item);
      // the block loop holds the only reference to the open block: it is updated in place
      block.li = item;
      block.list = { ...state, indent: line.indent };
      return block;
    }
    if (startList(line, undefined) !== undefined) return undefined;
  }
  if (line.text.startsWith('[') && reference.start(line, undefined, parser) !== undefined) return block;

  if (line.indent >= requiredIndent) {
    if (block.interrupted !== undefined) {
      itemLines(li).push('');
      block.loose = true;
      block.interrupted = undefined;
    }
    itemLines(li).push(line.body.slice(requiredIndent));
    return block;
  }
  if (block.interrupted === undefined) {
    // the body without up to requiredIndent leading spaces (Parsedown's /^ {0,n}/)
    let cut = 0;
    while (cut < requiredIndent && line.body.charCodeAt(cut) === 0x20) cut++;
    itemLines(li).push(line.body.slice(cut));
    return block;
  }
  return undefined;
}

/** Next-item patterns by list type and marker: a handful of markers exist, compiled once each. */
const NEXT_ITEM_PATTERNS = new Map<string, RegExp>();

function nextItemPattern(state: NonNullable<Block['list']>): RegExp {
  const key = `${state.type}${state.markerType}`;
  let pattern = NEXT_ITEM_PATTERNS.get(key);
  if (pattern === undefined) {
    const markerType = state.markerType.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    pattern =
      state.type === 'ol' ? new RegExp(`^[0-9]+${markerType}(?: +(.*)|$)`) : new RegExp(`^${markerType}(?: +(.*)|$)`);
    NEXT_ITEM_PATTERNS.set(key, pattern);
  }
  return pattern;
}

function newItem(lines: string[]): Element {
  return { name: 'li', handler: { kind: 'li', lines } };
}

function itemLines(item: Element): string[] {
  return item.handler?.kind === 'li' ? item.handler.lines : [];
}
