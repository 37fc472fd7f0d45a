// [TOC]: a line that is exactly `[TOC]` flags the text; it still renders as `<p>[TOC]</p>`, which the list replaces.

import type { BlockRule } from '../types.ts';

export const tableOfContents: BlockRule = {
  start(line, _current, parser) {
    if (line.text === '[TOC]') parser.definitions.tableOfContents = true;
    return undefined;
  },
};
