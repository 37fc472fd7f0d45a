// Typemill's own block rules (ParsedownExtension): math, image with caption, notice, shortcode.
import type { BlockRule } from './types.ts';

const MATH_ENDS: ReadonlyMap<string, string> = new Map([
  ['$$', '$$'],
  ['\\[', '\\]'],
]);
const NOTICE = /^!(?!\[)/;
const SHORTCODE = /^\[:[\s\S]*:\]/;

/** `$$` or `\[` alone on a line, up to `$$` or `\]` alone on a line; blank lines inside end nothing. */
export const MATH_RULE: BlockRule = {
  start: (line) => {
    const mathEnd = MATH_ENDS.get(line.text);
    return mathEnd === undefined ? undefined : { type: 'Math', interrupted: 0, mathEnd };
  },
  continue: (line, block) =>
    block.finished ? undefined : { ...block, interrupted: 0, finished: line.text === block.mathEnd },
};

/** An image line becomes a figure; exactly one following non-blank line, whatever it is, is its caption. */
export const IMAGE_RULE: BlockRule = {
  start: (line) => (line.text.startsWith('![') ? { type: 'Image', interrupted: 0 } : undefined),
  continue: (_line, block) => (block.finished || block.interrupted > 0 ? undefined : { ...block, finished: true }),
};

export const NOTICE_RULE: BlockRule = {
  start: (line) => (NOTICE.test(line.text) ? { type: 'Notice', interrupted: 0 } : undefined),
  continue: (line, block) => (block.interrupted === 0 && NOTICE.test(line.text) ? block : undefined),
};

/** Typemill builds its parser with an event dispatcher, so `[:name … :]` at the start of a line is a block. */
export const SHORTCODE_RULE: BlockRule = {
  start: (line) => (SHORTCODE.test(line.text) ? { type: 'Shortcode', interrupted: 0 } : undefined),
};
