// Link reference definitions `[id]: url "title"`: recorded for the text being parsed, rendered as nothing.

import type { BlockRule } from '../types.ts';
import { lowerAscii } from '../lower-ascii.ts';

// \S of PCRE without Unicode mode: only ASCII whitespace counts (a no-break space does not)
const DEFINITION = /^\[(.+?)\]: *<?([^ \t\n\x0B\f\r]+?)>?(?: +["'(](.+)["')])? *$/s;

export const reference: BlockRule = {
  start(line, _current, parser) {
    if (!line.text.includes(']')) return undefined;
    const match = DEFINITION.exec(line.text);
    if (match === null) return undefined;
    parser.definitions.references.set(lowerAscii(match[1] ?? ''), { url: match[2] ?? '', title: match[3] ?? null });
    return { type: 'Reference', element: { empty: true } };
  },
};
