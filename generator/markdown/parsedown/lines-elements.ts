// Parsedown's block loop: each line continues the open block, starts a block of a type its first character allows, or
// joins or starts a paragraph. Blank lines only count as interruptions of the open block.

import { expandTabs, isBlankLine } from '../split/lines.ts';
import { BLOCK_RULES, BLOCK_TYPES_BY_MARKER, UNMARKED_BLOCK_TYPES } from './block-rules.ts';
import { continueParagraph, startParagraph } from './blocks/paragraph.ts';
import type { Block, BlockType, Element, Line, Parser } from './types.ts';

export function linesElements(parser: Parser, lines: readonly string[]): Element[] {
  const elements: Element[] = [];
  let current: Block | undefined;

  for (const rawLine of lines) {
    if (isBlankLine(rawLine)) {
      if (current !== undefined) current.interrupted = (current.interrupted ?? 0) + 1;
      continue;
    }
    const body = expandTabs(rawLine);
    let indent = 0;
    while (body.charCodeAt(indent) === 0x20) indent++;
    const line: Line = { body, indent, text: body.slice(indent) };

    if (current?.continuable === true) {
      const rule = BLOCK_RULES[current.type];
      const continued = rule.continue?.(line, current, parser);
      if (continued !== undefined) {
        current = continued;
        continue;
      }
      if (rule.complete !== undefined) current = rule.complete(current, parser);
    }

    const started = startBlock(parser, line, current);
    if (started !== undefined) {
      if (started.identified !== true && current !== undefined) elements.push(current.element);
      started.identified = true;
      current = started;
      continue;
    }

    const paragraph = current?.type === 'Paragraph' ? continueParagraph(line, current) : undefined;
    if (paragraph !== undefined) {
      current = paragraph;
    } else {
      if (current !== undefined) elements.push(current.element);
      current = uniformBlock(startParagraph(line), 'Paragraph');
      current.identified = true;
    }
  }

  if (current?.continuable === true) {
    const complete = BLOCK_RULES[current.type].complete;
    if (complete !== undefined) current = complete(current, parser);
  }
  if (current !== undefined) elements.push(current.element);
  return elements;
}

function startBlock(parser: Parser, line: Line, current: Block | undefined): Block | undefined {
  return (
    startOfType(parser, line, current, UNMARKED_BLOCK_TYPES) ??
    startOfType(parser, line, current, BLOCK_TYPES_BY_MARKER[line.text.charAt(0)])
  );
}

function startOfType(
  parser: Parser,
  line: Line,
  current: Block | undefined,
  types: readonly BlockType[] | undefined,
): Block | undefined {
  if (types === undefined) return undefined;
  for (const type of types) {
    const started = BLOCK_RULES[type].start(line, current, parser);
    if (started !== undefined) return uniformBlock(started, type);
  }
  return undefined;
}

/** The block with every field of its type present, so copies and reads of it stay on V8's fast path
 *  (docs/decisions.md: The block loops keep one open block of one shape, updated in place). */
function uniformBlock(block: Block, type: BlockType): Block {
  return {
    type,
    element: block.element,
    interrupted: block.interrupted,
    identified: block.identified,
    continuable: BLOCK_RULES[type].continue !== undefined ? true : block.continuable,
    complete: block.complete,
    list: block.list,
    li: block.li,
    loose: block.loose,
    fence: block.fence,
    alignments: block.alignments,
    dd: block.dd,
    footnote: block.footnote,
    mathEnd: block.mathEnd,
  };
}
