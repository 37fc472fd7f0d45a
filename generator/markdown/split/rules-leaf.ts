// Parsedown's heading, thematic break, blockquote, indented code and fenced code rules.
import type { BlockRule, OpenBlock } from './types.ts';
import { chopCharacters, leadingRunLength } from './php-string.ts';

const MAX_HEADING_LEVEL = 6;
const CODE_INDENT = 4;
const MIN_FENCE_LENGTH = 3;
const MIN_RULE_MARKERS = 3;

/** Typemill's ATX heading: at least two characters, no space needed after the `#`s. */
export const HEADER_RULE: BlockRule = {
  start: (line) =>
    line.text.length >= 2 && leadingRunLength(line.text, '#') <= MAX_HEADING_LEVEL
      ? { type: 'Header', interrupted: 0 }
      : undefined,
};

export const RULE_RULE: BlockRule = {
  start: (line) => {
    const marker = line.text.charAt(0);
    const markerCount = line.text.split(marker).length - 1;
    return markerCount >= MIN_RULE_MARKERS && chopCharacters(line.text, ` ${marker}`) === ''
      ? { type: 'Rule', interrupted: 0 }
      : undefined;
  },
};

/** A quote takes every following line (lazily) until a blank line. */
export const QUOTE_RULE: BlockRule = {
  start: () => ({ type: 'Quote', interrupted: 0 }),
  continue: (_line, block) => (block.interrupted > 0 ? undefined : block),
};

/** Indented code cannot interrupt a paragraph; blank lines inside it end nothing. */
export const CODE_RULE: BlockRule = {
  start: (line, previous) => {
    if (previous?.type === 'Paragraph' && previous.interrupted === 0) return undefined;
    return line.indent >= CODE_INDENT ? { type: 'Code', interrupted: 0 } : undefined;
  },
  continue: (line, block) => (line.indent >= CODE_INDENT ? notInterrupted(block) : undefined),
};

export const FENCED_CODE_RULE: BlockRule = {
  start: (line) => {
    const fenceCharacter = line.text.charAt(0);
    const fenceLength = leadingRunLength(line.text, fenceCharacter);
    if (fenceLength < MIN_FENCE_LENGTH) return undefined;
    // Parsedown refuses any info string with a backtick, also after a `~~~` fence.
    if (line.text.slice(fenceLength).includes('`')) return undefined;
    return { type: 'FencedCode', interrupted: 0, fenceCharacter, fenceLength };
  },
  continue: (line, block) => {
    if (block.finished) return undefined;
    const finished = closesFence(line.text, block);
    return finished === block.finished ? notInterrupted(block) : { ...block, interrupted: 0, finished };
  },
};

/** The block with its blank-line count reset; unchanged blocks are not copied (a copy per line of code cost more than
 *  the rest of the rule). */
function notInterrupted(block: OpenBlock): OpenBlock {
  return block.interrupted === 0 ? block : { ...block, interrupted: 0 };
}

function closesFence(text: string, block: OpenBlock): boolean {
  const runLength = leadingRunLength(text, block.fenceCharacter ?? '`');
  return runLength >= (block.fenceLength ?? MIN_FENCE_LENGTH) && chopCharacters(text.slice(runLength), ' ') === '';
}
