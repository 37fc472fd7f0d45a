// Tables: a one-line paragraph followed by a divider row; Typemill wraps them in <div class="tm-table">. Header cells
// split at every `|`; body cells are runs of escaped pipes, code spans and other text, and short rows stay short.

import type { Block, BlockRule, Element, Line } from '../types.ts';
import { chopCharacters, PHP_WHITESPACE, trimCharacters } from '../../split/php-string.ts';
import { paragraphText } from './paragraph.ts';

const BODY_CELL = /(?:(\\[|])|[^|`]|`[^`]+`|`)+/g;

export const table: BlockRule = {
  start: startTable,
  continue(line: Line, block: Block) {
    const alignments = block.alignments;
    const body = block.element.element?.elements?.[1];
    if (block.interrupted !== undefined || alignments === undefined || body === undefined) return undefined;
    if (!(alignments.length === 1 || line.text.startsWith('|') || line.text.indexOf('|') > 0)) return undefined;
    const row = trimPipes(phpTrim(line.text));
    const cells = (row.match(BODY_CELL) ?? []).slice(0, alignments.length);
    body.elements?.push({
      name: 'tr',
      elements: cells.map((cell, index) => tableCell('td', phpTrim(cell), alignments[index])),
    });
    return block;
  },
};

function startTable(line: Line, current: Block | undefined): Block | undefined {
  if (current === undefined || current.type !== 'Paragraph' || current.interrupted !== undefined) return undefined;
  const header = paragraphText(current);
  if ((!header.includes('|') && !line.text.includes('|') && !line.text.includes(':')) || header.includes('\n'))
    return undefined;
  if (chopCharacters(line.text, ' -:|') !== '') return undefined;

  const alignments: Array<string | null> = [];
  for (const dividerCell of trimPipes(phpTrim(line.text)).split('|')) {
    const cell = phpTrim(dividerCell);
    if (cell === '') return undefined;
    const left = cell.startsWith(':');
    const right = cell.endsWith(':');
    alignments.push(left && right ? 'center' : left ? 'left' : right ? 'right' : null);
  }
  const headerCells = trimPipes(phpTrim(header)).split('|');
  if (headerCells.length !== alignments.length) return undefined;

  const headerRow: Element = {
    name: 'tr',
    elements: headerCells.map((cell, index) => tableCell('th', phpTrim(cell), alignments[index])),
  };
  const tableElement: Element = {
    name: 'table',
    elements: [
      { name: 'thead', elements: [headerRow] },
      { name: 'tbody', elements: [] },
    ],
  };
  const wrapper: Element = { name: 'div', element: tableElement, attributes: new Map([['class', 'tm-table']]) };
  return { type: 'Table', alignments, identified: true, element: wrapper };
}

function tableCell(name: 'th' | 'td', text: string, alignment: string | null | undefined): Element {
  const element: Element = { name, handler: { kind: 'line', text } };
  if (alignment !== null && alignment !== undefined)
    element.attributes = new Map([['style', `text-align: ${alignment};`]]);
  return element;
}

function trimPipes(text: string): string {
  return trimCharacters(text, '|');
}

function phpTrim(text: string): string {
  return trimCharacters(text, PHP_WHITESPACE);
}
