// Typemill's markdownToArrayBlocks: Parsedown's block loop, keeping each top-level block's lines
// (docs/typemill.md: Pages are split into blocks as Parsedown splits them).
import { expandTabs, isBlankLine, splitLines, toBlockLine } from './split/lines.ts';
import { BLOCK_RULES, BLOCK_TYPES_BY_MARKER, type RuleBlockType, UNMARKED_BLOCK_TYPES } from './split/rules.ts';
import type { BlockLine, BlockType, OpenBlock } from './split/types.ts';
import { continueParagraph, startParagraph } from './split/rules-paragraph.ts';

/** Adjacent blocks of these types are stored as one block, joined by a blank line. */
const MAGNETIC_TYPES: ReadonlySet<BlockType> = new Set(['DefinitionList', 'Footnote']);

interface StoredBlock {
  type: BlockType;
  text: string;
}

/** Typemill's markdownToArrayBlocks: the page's markdown → the `markdown` strings of its content blocks. */
export function splitBlocks(markdown: string): string[] {
  const stored: StoredBlock[] = [];
  let current: StoredBlock | undefined;
  let block: OpenBlock | undefined;

  for (const rawLine of splitLines(markdown)) {
    if (isBlankLine(rawLine)) {
      if (block !== undefined) block.interrupted += 1;
      // Typemill keeps blank lines of fenced code, also those after the closing fence.
      if (block?.type === 'FencedCode' && current !== undefined) current.text += '\n';
      continue;
    }
    const line = toBlockLine(expandTabs(rawLine));

    const continued = block === undefined ? undefined : continueBlock(line, block);
    if (continued !== undefined && current !== undefined) {
      block = continued;
      current.text += `\n${line.body}`;
      continue;
    }

    const started = startBlock(line, block);
    if (started !== undefined) {
      if (started.joinsPrevious === true && current !== undefined) {
        current.text += `\n${line.body}`;
        current.type = started.type;
      } else {
        if (current !== undefined) stored.push(current);
        current = { type: started.type, text: line.body };
      }
      block = started;
      continue;
    }

    const paragraph = block === undefined ? undefined : continueParagraph(line, block);
    if (paragraph !== undefined && current !== undefined) {
      block = paragraph;
      current.text += `\n${line.body}`;
    } else {
      if (current !== undefined) stored.push(current);
      block = uniformBlock(startParagraph(line));
      current = { type: 'Paragraph', text: line.body };
    }
  }
  if (current !== undefined) stored.push(current);

  return mergeMagneticBlocks(stored).map((storedBlock) => storedBlock.text);
}

function continueBlock(line: BlockLine, block: OpenBlock): OpenBlock | undefined {
  if (block.type === 'Paragraph') return undefined;
  return BLOCK_RULES[block.type].continue?.(line, block);
}

function startBlock(line: BlockLine, previous: OpenBlock | undefined): OpenBlock | undefined {
  return (
    startOfType(line, previous, UNMARKED_BLOCK_TYPES) ??
    startOfType(line, previous, BLOCK_TYPES_BY_MARKER.get(line.text.charAt(0)))
  );
}

function startOfType(
  line: BlockLine,
  previous: OpenBlock | undefined,
  types: readonly RuleBlockType[] | undefined,
): OpenBlock | undefined {
  if (types === undefined) return undefined;
  for (const type of types) {
    const started = BLOCK_RULES[type].start(line, previous);
    if (started !== undefined) return uniformBlock(started);
  }
  return undefined;
}

/** The block with every field of its type present, so copies and reads of it stay on V8's fast path
 *  (docs/decisions.md: The block loops keep one open block of one shape, updated in place). */
function uniformBlock(block: OpenBlock): OpenBlock {
  return {
    type: block.type,
    interrupted: block.interrupted,
    joinsPrevious: block.joinsPrevious,
    finished: block.finished,
    paragraphText: block.paragraphText,
    fenceCharacter: block.fenceCharacter,
    fenceLength: block.fenceLength,
    mathEnd: block.mathEnd,
    elementName: block.elementName,
    elementDepth: block.elementDepth,
    columnCount: block.columnCount,
    list: block.list,
  };
}

function mergeMagneticBlocks(stored: readonly StoredBlock[]): StoredBlock[] {
  const merged: StoredBlock[] = [];
  for (const storedBlock of stored) {
    const last = merged[merged.length - 1];
    if (last !== undefined && last.type === storedBlock.type && MAGNETIC_TYPES.has(storedBlock.type)) {
      last.text += `\n\n${storedBlock.text}`;
    } else {
      merged.push({ ...storedBlock });
    }
  }
  return merged;
}
