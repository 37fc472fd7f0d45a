// Parsedown 1.8's list rule: which lines start a list, and which lines an open list takes.
import type { BlockLine, BlockRule, ListState, OpenBlock } from './types.ts';
import { isReferenceDefinition } from './rules-definitions.ts';

const BULLET_START = /^([*+-]( +|$))([\s\S]*)/;
const ORDERED_START = /^([0-9]{1,9}[.)]( +|$))([\s\S]*)/;
/** More spaces than this after the marker make the rest indented code inside the item. */
const MAX_CONTENT_SPACING = 4;

function startList(line: BlockLine, previous: OpenBlock | undefined): OpenBlock | undefined {
  // Parsedown compares the first character with '-': `*`, `+`, `-` (and anything before '-') try the bullet pattern.
  const ordered = line.text.charAt(0) > '-';
  const match = (ordered ? ORDERED_START : BULLET_START).exec(line.text);
  if (match === null) return undefined;
  const spacing = (match[2] ?? '').length;
  let marker = match[1] ?? '';
  let content = match[3] ?? '';
  if (spacing > MAX_CONTENT_SPACING) {
    marker = marker.slice(0, marker.length - (spacing - 1));
    content = ' '.repeat(spacing - 1) + content;
  } else if (spacing === 0) {
    marker += ' ';
  }
  const markerWithoutSpace = marker.slice(0, marker.indexOf(' '));
  const markerType = ordered ? markerWithoutSpace.slice(-1) : markerWithoutSpace;
  if (
    ordered &&
    listStart(markerWithoutSpace) !== '1' &&
    previous?.type === 'Paragraph' &&
    previous.interrupted === 0
  ) {
    return undefined;
  }
  const list: ListState = { indent: line.indent, ordered, marker, markerType, itemIsEmpty: isEmptyInPhp(content) };
  return { type: 'List', interrupted: 0, list };
}

function continueList(line: BlockLine, block: OpenBlock): OpenBlock | undefined {
  const list = block.list;
  if (list === undefined) return undefined;
  // An empty item followed by a blank line ends the list.
  if (block.interrupted > 0 && list.itemIsEmpty) return undefined;
  const requiredIndent = list.indent + list.marker.length;
  if (line.indent < requiredIndent) {
    if (itemPattern(list).test(line.text)) {
      if (block.interrupted === 0 && list.indent === line.indent && !list.itemIsEmpty) return block;
      return { ...block, interrupted: 0, list: { ...list, indent: line.indent, itemIsEmpty: false } };
    }
    if (startList(line, undefined) !== undefined) return undefined;
  }
  // A link reference definition is swallowed by the list, even after a blank line.
  if (line.text.startsWith('[') && isReferenceDefinition(line.text)) return block;
  if (line.indent >= requiredIndent || block.interrupted === 0) {
    // an unchanged block is returned as it is: a copy per list line was most of the rule's time
    if (block.interrupted === 0 && !list.itemIsEmpty) return block;
    return { ...block, interrupted: 0, list: { ...list, itemIsEmpty: false } };
  }
  return undefined;
}

/** Item patterns by list kind and marker: a handful of markers exist, and a pattern compiled per line cost more than
 *  the rest of the list rule. */
const ITEM_PATTERNS = new Map<string, RegExp>();

/** A further item of the same list: same marker character (bullet) or delimiter (ordered). */
function itemPattern(list: ListState): RegExp {
  const key = `${list.ordered}${list.markerType}`;
  let pattern = ITEM_PATTERNS.get(key);
  if (pattern === undefined) {
    const markerType = list.markerType.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    pattern = new RegExp(`^${list.ordered ? '[0-9]+' : ''}${markerType}(?: |$)`);
    ITEM_PATTERNS.set(key, pattern);
  }
  return pattern;
}

/** `ltrim($number, '0') ?: '0'`: the number an ordered list starts at, as Parsedown compares it with '1'. */
function listStart(markerWithoutSpace: string): string {
  return markerWithoutSpace.slice(0, -1).replace(/^0+/, '') || '0';
}

function isEmptyInPhp(text: string): boolean {
  return text === '' || text === '0';
}

export const LIST_RULE: BlockRule = { start: startList, continue: continueList };
