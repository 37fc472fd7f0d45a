// Blockquotes: `>` lines, plus any following non-blank line (lazy continuation), parsed as blocks when rendered.

import type { Block, BlockRule, Line } from '../types.ts';

const QUOTE_LINE = /^> ?(.*)/s;

export const quote: BlockRule = {
  start(line) {
    const match = QUOTE_LINE.exec(line.text);
    if (match === null) return undefined;
    return { type: 'Quote', element: { name: 'blockquote', handler: { kind: 'lines', lines: [match[1] ?? ''] } } };
  },
  continue(line: Line, block: Block) {
    if (block.interrupted !== undefined) return undefined;
    const handler = block.element.handler;
    if (handler?.kind !== 'lines') return undefined;
    const match = line.text.startsWith('>') ? QUOTE_LINE.exec(line.text) : null;
    handler.lines.push(match === null ? line.text : (match[1] ?? ''));
    return block;
  },
};
