// ParsedownExtra definition lists: `: definition` under a paragraph whose lines are the terms. A definition after a
// blank line is parsed as whole text (with <p>); unindented lines continue the definition until a blank line.

import { PHP_WHITESPACE, trimCharacters } from '../../split/php-string.ts';
import type { Block, BlockRule, Element, Line } from '../types.ts';
import { paragraphText } from './paragraph.ts';

export const definitionList: BlockRule = {
  start(line, current) {
    if (current === undefined || current.type !== 'Paragraph') return undefined;
    const terms: Element[] = paragraphText(current)
      .split('\n')
      .map((term) => ({ name: 'dt', handler: { kind: 'line', text: term } }));
    return addDefinition(line, { ...current, type: 'DefinitionList', element: { name: 'dl', elements: terms } });
  },
  continue(line: Line, block: Block) {
    if (line.text.startsWith(':')) return addDefinition(line, block);
    if (block.interrupted !== undefined && line.indent === 0) return undefined;
    const dd = block.dd;
    if (dd === undefined) return undefined;
    let text = definitionText(dd);
    let kind: 'line' | 'text' = dd.handler?.kind === 'text' ? 'text' : 'line';
    if (block.interrupted !== undefined) {
      kind = 'text';
      text += '\n\n';
    }
    dd.handler = { kind, text: `${text}\n${line.body.slice(Math.min(line.indent, 4))}` };
    return { ...block, interrupted: undefined };
  },
};

function addDefinition(line: Line, block: Block): Block {
  const text = trimCharacters(line.text.slice(1), PHP_WHITESPACE);
  const kind = block.interrupted !== undefined ? 'text' : 'line';
  const dd: Element = { name: 'dd', handler: { kind, text } };
  block.element.elements?.push(dd);
  return { ...block, dd, interrupted: undefined };
}

function definitionText(dd: Element): string {
  const handler = dd.handler;
  return handler?.kind === 'line' || handler?.kind === 'text' ? handler.text : '';
}
