// Emphasis and strong with * and _: the first closing delimiter wins (leftmost match), a closer may follow a space,
// and a closing _ must end a word.

import type { InlineRule } from '../types.ts';
import { firstOrphanByte } from '../utf8-bytes.ts';
import { emphasisTable } from './emphasis-table.ts';

const STRONG: Readonly<Record<string, RegExp>> = {
  '*': /^\*\*((?:\\\*|[^*]|\*[^*]*\*)+?)\*\*(?!\*)/s,
  _: /^__((?:\\_|[^_]|_[^_]*_)+?)__(?!_)/su,
};

const EMPHASIS: Readonly<Record<string, RegExp>> = {
  '*': /^\*((?:\\\*|[^*]|\*\*[^*]+?\*\*)+?)\*(?!\*)/s,
  // PCRE's \b in Unicode mode after the closing _: no letter, digit or _ follows
  _: /^_((?:\\_|[^_]|__[^_]*__)+?)_(?!_)(?![\p{L}\p{N}_])/su,
};

/** Up to this many characters after the marker the patterns are cheap; beyond, the table built once per line answers
 *  (the lazy patterns read to the end of the line for every opener that is never closed). */
const PATTERN_REACH = 256;

export const emphasis: InlineRule = (excerpt) => {
  const { scan, at } = excerpt;
  const marker = scan.text.charAt(at);
  if (scan.text.length - at < 2) return undefined;
  // the _ patterns are in Unicode mode, where PCRE refuses invalid UTF-8 altogether
  if (marker === '_' && scan.first('orphan byte', at, firstOrphanByte) !== -1) return undefined;
  for (const strong of scan.text.charAt(at + 1) === marker ? [true, false] : [false]) {
    const opener = strong ? 2 : 1;
    const end =
      scan.text.length - at <= PATTERN_REACH
        ? patternEnd(excerpt.text, marker, strong, at)
        : (scan.table(`${marker}${opener}`, (text) => emphasisTable(text, marker, strong)).matchEnd[at + opener] ?? -1);
    if (end === -1) continue;
    return {
      extent: end - at,
      element: {
        name: strong ? 'strong' : 'em',
        handler: { kind: 'line', text: scan.text.slice(at + opener, end - opener) },
      },
    };
  }
  return undefined;
};

function patternEnd(text: string, marker: string, strong: boolean, at: number): number {
  const match = (strong ? STRONG : EMPHASIS)[marker]?.exec(text);
  return match === null || match === undefined ? -1 : at + match[0].length;
}
