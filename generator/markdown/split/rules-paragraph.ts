// The paragraph and the blocks that take it over: setext heading, table (Parsedown) and definition list
// (ParsedownExtra).
import type { BlockLine, BlockRule, OpenBlock } from './types.ts';
import { chopCharacters, PHP_WHITESPACE, trimCharacters } from './php-string.ts';

const CODE_INDENT = 4;

export function startParagraph(line: BlockLine): OpenBlock {
  return { type: 'Paragraph', interrupted: 0, paragraphText: line.text };
}

/** Paragraphs are lazy: after every other rule failed, an uninterrupted paragraph takes the line. */
export function continueParagraph(line: BlockLine, block: OpenBlock): OpenBlock | undefined {
  if (block.type !== 'Paragraph' || block.interrupted > 0) return undefined;
  return { ...block, paragraphText: `${block.paragraphText ?? ''}\n${line.text}` };
}

function isOpenParagraph(block: OpenBlock | undefined): block is OpenBlock {
  return block?.type === 'Paragraph' && block.interrupted === 0;
}

export const SETEXT_HEADER_RULE: BlockRule = {
  start: (line, previous) => {
    if (!isOpenParagraph(previous) || line.indent >= CODE_INDENT) return undefined;
    const underline = chopCharacters(chopCharacters(line.text, ' '), line.text.charAt(0));
    return underline === '' ? { type: 'SetextHeader', interrupted: 0, joinsPrevious: true } : undefined;
  },
};

/** A one-line paragraph followed by a divider row whose cell count matches the header row. */
export const TABLE_RULE: BlockRule = {
  start: (line, previous) => {
    if (!isOpenParagraph(previous)) return undefined;
    const header = previous.paragraphText ?? '';
    const mayBeTable = header.includes('|') || line.text.includes('|') || line.text.includes(':');
    if (!mayBeTable || header.includes('\n')) return undefined;
    if (chopCharacters(line.text, ' -:|') !== '') return undefined;
    const dividerCells = splitRow(line.text);
    if (dividerCells.some((cell) => trimCharacters(cell, PHP_WHITESPACE) === '')) return undefined;
    if (splitRow(header).length !== dividerCells.length) return undefined;
    return { type: 'Table', interrupted: 0, joinsPrevious: true, columnCount: dividerCells.length };
  },
  continue: (line, block) => {
    if (block.interrupted > 0) return undefined;
    return block.columnCount === 1 || line.text.includes('|') ? block : undefined;
  },
};

function splitRow(row: string): string[] {
  return trimCharacters(trimCharacters(row, PHP_WHITESPACE), '|').split('|');
}

/** `: definition` after a paragraph of terms, also across a blank line. */
export const DEFINITION_LIST_RULE: BlockRule = {
  start: (_line, previous) =>
    previous?.type === 'Paragraph' ? { type: 'DefinitionList', interrupted: 0, joinsPrevious: true } : undefined,
  continue: (line, block) => {
    if (!line.text.startsWith(':') && block.interrupted > 0 && line.indent === 0) return undefined;
    return { ...block, interrupted: 0 };
  },
};
