// Typemill's figures: a line starting `![` becomes <figure>; its {…} classes and id move to the figure, and the next
// line (unless a blank line comes first) becomes the <figcaption>.

import { PHP_WHITESPACE, trimCharacters } from '../../split/php-string.ts';
import { firstAttributeBlock } from '../attribute-blocks.ts';
import { parseAttributeData } from '../attribute-data.ts';
import type { Block, BlockRule, Element, Line } from '../types.ts';

export const imageFigure: BlockRule = {
  start(line) {
    if (!line.text.startsWith('![')) return undefined;
    let text = line.text;
    let figureAttributes: Map<string, string | null> | undefined;
    const match = firstAttributeBlock(text, false);
    if (match !== undefined) {
      let attributeString = match.inner;
      const data = parseAttributeData(attributeString);
      figureAttributes = new Map();
      const classes = data.get('class');
      if (classes !== undefined && classes !== null) {
        figureAttributes.set('class', classes);
        for (const className of classes.split(' ')) attributeString = attributeString.replaceAll(`.${className}`, '');
      }
      const id = data.get('id');
      if (id !== undefined && id !== null) {
        figureAttributes.set('id', id);
        attributeString = attributeString.replaceAll(`#${id}`, '');
      }
      attributeString = trimCharacters(attributeString.replaceAll('  ', ' '), PHP_WHITESPACE);
      text = text.slice(0, match.start);
      if (attributeString.replaceAll(' ', '') !== '') text += `{${attributeString}}`;
    }
    const image: Element = { handler: { kind: 'line', text } };
    const figure: Element = { name: 'figure', elements: [image] };
    if (figureAttributes !== undefined) figure.attributes = figureAttributes;
    return { type: 'Image', element: figure };
  },
  continue(line: Line, block: Block) {
    if (block.complete === true || block.interrupted !== undefined) return undefined;
    block.element.elements?.push({ name: 'figcaption', handler: { kind: 'line', text: line.text } });
    return { ...block, complete: true };
  },
  complete: (block) => block,
};
