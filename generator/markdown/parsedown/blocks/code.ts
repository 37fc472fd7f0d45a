// Indented code: four spaces of indent, not directly after a paragraph line; blank lines inside are kept.

import type { Block, BlockRule, Line } from '../types.ts';

export const code: BlockRule = {
  start(line, current) {
    if (current?.type === 'Paragraph' && current.interrupted === undefined) return undefined;
    if (line.indent < 4) return undefined;
    return { type: 'Code', element: { name: 'pre', element: { name: 'code', text: line.body.slice(4) } } };
  },
  continue(line: Line, block: Block) {
    if (line.indent < 4) return undefined;
    const blankLines = '\n'.repeat(block.interrupted ?? 0);
    const text = `${codeText(block)}${blankLines}\n${line.body.slice(4)}`;
    return { ...block, interrupted: undefined, element: { name: 'pre', element: { name: 'code', text } } };
  },
  complete: (block) => block,
};

function codeText(block: Block): string {
  return block.element.element?.text ?? '';
}
