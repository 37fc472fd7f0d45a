// Definitions that render nothing in an isolated block: abbreviations `*[HTML]: …` and footnotes `[^1]: …` (ParsedownExtra).

import type { MarkdownIt, StateBlock } from 'markdown-it';
import { isIndentedCode, lineText } from './block-line.ts';
import { blockStateOf } from './render-env.ts';

const ABBREVIATION = /^\*\[(.+?)\]:[ ]*(.*?)[ ]*$/;
const FOOTNOTE = /^\[\^(.+?)\]:/;

export function definitions(md: MarkdownIt): void {
  const alt = { alt: ['paragraph', 'reference', 'blockquote'] };
  md.block.ruler.before('paragraph', 'typemill_abbreviation', abbreviation, alt);
  // Before markdown-it's `reference`, which would otherwise read `[^1]: …` as a link reference.
  md.block.ruler.before('reference', 'typemill_footnote', footnote, alt);
}

function abbreviation(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (isIndentedCode(state, startLine) || !ABBREVIATION.test(lineText(state, startLine))) return false;
  if (!silent) state.line = startLine + 1;
  return true;
}

/** Continuation as blockFootnoteContinue: following lines, and after a blank line only lines indented by four. */
function footnote(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (isIndentedCode(state, startLine) || !FOOTNOTE.test(lineText(state, startLine))) return false;
  if (silent) return true;
  let nextLine = startLine + 1;
  let afterBlank = false;
  for (; nextLine < endLine; nextLine++) {
    if (state.isEmpty(nextLine)) {
      afterBlank = true;
      continue;
    }
    const indent = (state.sCount[nextLine] ?? 0) - state.blkIndent;
    if (indent < 0 || FOOTNOTE.test(lineText(state, nextLine))) break;
    if (afterBlank && indent < 4) break;
    afterBlank = false;
  }
  while (nextLine > startLine + 1 && state.isEmpty(nextLine - 1)) nextLine--;
  blockStateOf(state.env).hasFootnoteDefinition = true;
  state.line = nextLine;
  return true;
}
