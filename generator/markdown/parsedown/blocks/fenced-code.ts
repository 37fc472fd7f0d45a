// Fenced code: ``` or ~~~ (three or more), a language class from the info string; the closing fence may be indented.

import { chopCharacters, trimCharacters } from '../../split/php-string.ts';
import type { Block, BlockRule, Line } from '../types.ts';

const WHITESPACE = /[ \t\n\f\r]/;

export const fencedCode: BlockRule = {
  start(line) {
    const char = line.text.charAt(0);
    const openerLength = runLength(line.text, char);
    if (openerLength < 3) return undefined;
    const info = trimCharacters(line.text.slice(openerLength), '\t ');
    if (info.includes('`')) return undefined;
    const attributes = new Map<string, string | null>();
    if (info !== '') {
      const end = info.search(WHITESPACE);
      attributes.set('class', `language-${end === -1 ? info : info.slice(0, end)}`);
    }
    const codeElement = info === '' ? { name: 'code', text: '' } : { name: 'code', text: '', attributes };
    return { type: 'FencedCode', fence: { char, openerLength }, element: { name: 'pre', element: codeElement } };
  },
  continue(line: Line, block: Block) {
    if (block.complete === true || block.fence === undefined) return undefined;
    const codeElement = block.element.element ?? { name: 'code' };
    let text = (codeElement.text ?? '') + '\n'.repeat(block.interrupted ?? 0);
    const fenceLength = runLength(line.text, block.fence.char);
    const isClosing =
      fenceLength >= block.fence.openerLength && chopCharacters(line.text.slice(fenceLength), ' ') === '';
    if (isClosing) {
      block.complete = true;
      return withText(block, codeElement, text.slice(1));
    }
    text += `\n${line.body}`;
    return withText(block, codeElement, text);
  },
  complete: (block) => block,
};

/** The block loop holds the only reference to an open block, so it is updated in place: a copy of it per line of code
 *  was a tenth of the block loop's time. */
function withText(block: Block, codeElement: NonNullable<Block['element']['element']>, text: string): Block {
  block.interrupted = undefined;
  if (block.element.element === codeElement) codeElement.text = text;
  else block.element = { name: 'pre', element: { ...codeElement, text } };
  return block;
}

function runLength(text: string, char: string): number {
  let length = 0;
  while (text.charAt(length) === char && char !== '') length++;
  return length;
}
