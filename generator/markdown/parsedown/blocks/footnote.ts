// ParsedownExtra footnote definitions `[^label]: text`: following lines join until a blank line; after one, only
// lines indented by four or more do. Recorded when the block ends, rendered as nothing in place.

import type { Block, BlockRule, Line } from '../types.ts';

const DEFINITION = /^\[\^(.+?)\]: ?(.*)$/s;
const ANY_DEFINITION = /^\[\^(.+?)\]:/s;

export const footnote: BlockRule = {
  start(line) {
    const match = DEFINITION.exec(line.text);
    if (match === null) return undefined;
    return { type: 'Footnote', footnote: { label: match[1] ?? '', text: match[2] ?? '' }, element: { empty: true } };
  },
  continue(line: Line, block: Block) {
    const definition = block.footnote;
    if (definition === undefined) return undefined;
    if (line.text.startsWith('[') && ANY_DEFINITION.test(line.text)) return undefined;
    if (block.interrupted === undefined)
      return { ...block, footnote: { ...definition, text: `${definition.text}\n${line.text}` } };
    if (line.indent < 4) return undefined;
    return { ...block, footnote: { ...definition, text: `${definition.text}\n\n${line.text}` } };
  },
  complete(block, parser) {
    if (block.footnote !== undefined) {
      parser.definitions.footnotes ??= new Map();
      parser.definitions.footnotes.set(block.footnote.label, { text: block.footnote.text, count: 0, number: null });
    }
    return block;
  },
};
