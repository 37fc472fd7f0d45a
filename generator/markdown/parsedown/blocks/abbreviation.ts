// ParsedownExtra abbreviations `*[HTML]: Hyper Text Markup Language`: recorded for the text, rendered as nothing.

import type { BlockRule } from '../types.ts';

const DEFINITION = /^\*\[(.+?)\]: *(.+?) *$/s;

export const abbreviation: BlockRule = {
  start(line, _current, parser) {
    const match = DEFINITION.exec(line.text);
    if (match === null) return undefined;
    parser.definitions.abbreviations.set(match[1] ?? '', match[2] ?? '');
    return { type: 'Abbreviation', element: { empty: true } };
  },
};
