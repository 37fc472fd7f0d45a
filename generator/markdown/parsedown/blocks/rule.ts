// Thematic breaks: three or more of one marker (*, -, _), spaces allowed between them.

import { chopCharacters } from '../../split/php-string.ts';
import type { BlockRule } from '../types.ts';

export const rule: BlockRule = {
  start(line) {
    const marker = line.text.charAt(0);
    const count = line.text.split(marker).length - 1;
    const rest = chopCharacters(line.text, ` ${marker}`);
    if (count < 3 || rest !== '') return undefined;
    return { type: 'Rule', element: { name: 'hr' } };
  },
};
