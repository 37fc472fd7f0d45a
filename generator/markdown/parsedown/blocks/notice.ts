// Typemill's notices: lines starting with one to four `!` (not `![`) become <div class="noticeN">, their text parsed
// as blocks when rendered; following notice lines join until a blank line.

import type { Block, BlockRule, Line } from '../types.ts';

const NOTICE_LINE = /^!(?!\[)/;

export const notice: BlockRule = {
  start(line) {
    const text = noticeText(line);
    if (text === undefined) return undefined;
    const attributes = new Map([['class', `notice${noticeLevel(line)}`]]);
    return { type: 'Notice', element: { name: 'div', handler: { kind: 'lines', lines: [text] }, attributes } };
  },
  continue(line: Line, block: Block) {
    if (block.interrupted !== undefined) return undefined;
    const text = noticeText(line);
    const handler = block.element.handler;
    if (text === undefined || handler?.kind !== 'lines') return undefined;
    handler.lines.push(text);
    return block;
  },
};

/** The line without as many leading characters as it has `!` once `![` and spaces are taken out. */
function noticeText(line: Line): string | undefined {
  if (!NOTICE_LINE.test(line.text)) return undefined;
  return line.text.slice(noticeLevel(line));
}

function noticeLevel(line: Line): number {
  const squeezed = line.text.replaceAll('![', '').replaceAll(' ', '');
  return /^!*/.exec(squeezed)?.[0].length ?? 0;
}
