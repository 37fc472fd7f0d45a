// Emphasis and strong with * and _: the first closing delimiter wins (leftmost match), a closer may follow a space,
// and a closing _ must end a word.

import type { InlineRule } from '../types.ts';
import { hasOrphanBytes } from '../utf8-bytes.ts';

const STRONG: Readonly<Record<string, RegExp>> = {
  '*': /^\*\*((?:\\\*|[^*]|\*[^*]*\*)+?)\*\*(?!\*)/s,
  _: /^__((?:\\_|[^_]|_[^_]*_)+?)__(?!_)/su,
};

const EMPHASIS: Readonly<Record<string, RegExp>> = {
  '*': /^\*((?:\\\*|[^*]|\*\*[^*]+?\*\*)+?)\*(?!\*)/s,
  // PCRE's \b in Unicode mode after the closing _: no letter, digit or _ follows
  _: /^_((?:\\_|[^_]|__[^_]*__)+?)_(?!_)(?![\p{L}\p{N}_])/su,
};

export const emphasis: InlineRule = (excerpt) => {
  const marker = excerpt.text.charAt(0);
  if (excerpt.text.length < 2) return undefined;
  // the _ patterns are in Unicode mode, where PCRE refuses invalid UTF-8 altogether
  if (marker === '_' && hasOrphanBytes(excerpt.text)) return undefined;
  const strong = excerpt.text.charAt(1) === marker ? STRONG[marker]?.exec(excerpt.text) : null;
  const match = strong ?? EMPHASIS[marker]?.exec(excerpt.text) ?? null;
  if (match === null) return undefined;
  return {
    extent: match[0].length,
    element: { name: strong ? 'strong' : 'em', handler: { kind: 'line', text: match[1] ?? '' } },
  };
};
