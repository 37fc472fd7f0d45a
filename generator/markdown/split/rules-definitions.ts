// Link reference (Parsedown), abbreviation and footnote definitions (ParsedownExtra): blocks of their own.
import type { BlockRule } from './types.ts';

// Lines hold no \n, so PCRE's `.` is JavaScript's `.` with the s flag (which also takes U+2028 and U+2029).
const REFERENCE_DEFINITION = /^\[(.+?)\]:[ ]*<?([^ \t\n\v\f\r]+?)>?(?:[ ]+["'(](.+)["')])?[ ]*$/s;
const ABBREVIATION_DEFINITION = /^\*\[(.+?)\]:[ ]*(.+?)[ ]*$/s;
const FOOTNOTE_DEFINITION = /^\[\^(.+?)\]:[ ]?(.*)$/s;
const FOOTNOTE_LABEL = /^\[\^(.+?)\]:/s;
const FOOTNOTE_CONTINUATION_INDENT = 4;

export function isReferenceDefinition(text: string): boolean {
  return text.includes(']') && REFERENCE_DEFINITION.test(text);
}

export const REFERENCE_RULE: BlockRule = {
  start: (line) => (isReferenceDefinition(line.text) ? { type: 'Reference', interrupted: 0 } : undefined),
};

export const ABBREVIATION_RULE: BlockRule = {
  start: (line) => (ABBREVIATION_DEFINITION.test(line.text) ? { type: 'Abbreviation', interrupted: 0 } : undefined),
};

/** A footnote takes lazy lines, and after a blank line only lines indented four spaces; the next `[^x]:` ends it. */
export const FOOTNOTE_RULE: BlockRule = {
  start: (line) => (FOOTNOTE_DEFINITION.test(line.text) ? { type: 'Footnote', interrupted: 0 } : undefined),
  continue: (line, block) => {
    if (FOOTNOTE_LABEL.test(line.text)) return undefined;
    if (block.interrupted > 0) return line.indent >= FOOTNOTE_CONTINUATION_INDENT ? block : undefined;
    return block;
  },
};
