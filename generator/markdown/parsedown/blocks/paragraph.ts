// Paragraphs: the fallback for a line no block claims; the next line joins unless a blank line came first.

import type { Block, BlockRule, Line } from '../types.ts';

export function startParagraph(line: Line): Block {
  return { type: 'Paragraph', element: { name: 'p', handler: { kind: 'line', text: line.text } } };
}

export function continueParagraph(line: Line, block: Block): Block | undefined {
  if (block.interrupted !== undefined) return undefined;
  // the block loop holds the only reference to the open block: it is updated in place
  block.element = { ...block.element, handler: { kind: 'line', text: `${paragraphText(block)}\n${line.text}` } };
  return block;
}

/** The raw text of a paragraph block, which definition lists, tables and setext headings take over. */
export function paragraphText(block: Block): string {
  const handler = block.element.handler;
  return handler?.kind === 'line' ? handler.text : '';
}

/** Never started from the rule table: the block loop calls startParagraph itself. */
export const paragraph: BlockRule = { start: () => undefined };
