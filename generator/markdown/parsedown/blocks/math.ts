// Typemill's math blocks: a line `$$` or `\[` opens, the same closer ends; the lines are kept as written.

import type { Block, BlockRule, Line } from '../types.ts';

const CLOSER_OF: Readonly<Record<string, string>> = { '\\[': '\\]', $$: '$$' };

export const math: BlockRule = {
  start(line) {
    const closer = CLOSER_OF[line.text];
    if (closer === undefined) return undefined;
    return { type: 'Math', mathEnd: closer, element: { text: '' } };
  },
  continue(line: Line, block: Block) {
    if (block.complete === true) return undefined;
    let text = (block.element.text ?? '') + '\n'.repeat(block.interrupted ?? 0);
    if (line.text === block.mathEnd) {
      const opener = block.mathEnd === '$$' ? '$$' : '\\[';
      const attributes = new Map([['class', 'math']]);
      return {
        ...block,
        interrupted: undefined,
        complete: true,
        element: { name: 'div', text: `${opener}${text}\n${block.mathEnd}`, attributes },
      };
    }
    text += `\n${line.body}`;
    return { ...block, interrupted: undefined, element: { text } };
  },
  complete: (block) => block,
};
