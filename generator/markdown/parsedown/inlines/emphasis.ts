// Emphasis and strong with * and _: the first closing delimiter wins (leftmost match), a closer may follow a space,
// and a closing _ must end a word.

import type { InlineRule } from '../types.ts';
import { emphasisTable } from './emphasis-table.ts';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const emphasis: InlineRule = (excerpt) => {
  const { scan, at } = excerpt;
  const marker = scan.text.charAt(at);
  if (scan.text.length - at < 2) return undefined;
  // the _ patterns are in Unicode mode, where PCRE refuses invalid UTF-8 altogether
  if (marker === '_' && scan.first('orphan byte', at, firstOrphan) !== -1) return undefined;
  for (const strong of scan.text.charAt(at + 1) === marker ? [true, false] : [false]) {
    const opener = strong ? 2 : 1;
    const table = scan.table(`${marker}${opener}`, (text) => emphasisTable(text, marker, strong));
    const end = table.matchEnd[at + opener] ?? -1;
    if (end === -1) continue;
    return {
      extent: end - at,
      element: { name: strong ? 'strong' : 'em', handler: { kind: 'line', text: scan.text.slice(at + opener, end - opener) } },
    };
  }
  return undefined;
};

function firstOrphan(scan: { text: string }, from: number): number {
  LONE_SURROGATE.lastIndex = from;
  return LONE_SURROGATE.exec(scan.text)?.index ?? -1;
}
