// Setext headings: a line of = or - under a paragraph line; ParsedownExtra's {#id .class} at its end become attributes.

import { chopCharacters } from '../../split/php-string.ts';
import { firstAttributeBlock } from '../attribute-blocks.ts';
import { parseAttributeData } from '../attribute-data.ts';
import type { BlockRule } from '../types.ts';
import { paragraphText } from './paragraph.ts';

export const setextHeader: BlockRule = {
  start(line, current) {
    if (current === undefined || current.type !== 'Paragraph' || current.interrupted !== undefined) return undefined;
    const marker = line.text.charAt(0);
    if (line.indent >= 4 || chopCharacters(line.text, ' ').split(marker).join('') !== '') return undefined;
    const text = paragraphText(current);
    const name = marker === '=' ? 'h1' : 'h2';
    const match = firstAttributeBlock(text, true);
    if (match === undefined) return { ...current, type: 'SetextHeader', element: { ...current.element, name } };
    const attributes = parseAttributeData(match.inner);
    const handler = { kind: 'line' as const, text: text.slice(0, match.start) };
    return { ...current, type: 'SetextHeader', element: { ...current.element, name, attributes, handler } };
  },
};
