// Reads one source line of a markdown-it block state the way Parsedown sees it: `text` without its indent, `body` with it.

import type { StateBlock } from 'markdown-it';

export function lineText(state: StateBlock, line: number): string {
  return state.src.slice((state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0), state.eMarks[line] ?? 0);
}

export function lineBody(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line] ?? 0, state.eMarks[line] ?? 0);
}

/** Parsedown's unmarked `Code` block type wins for lines indented by four or more. */
export function isIndentedCode(state: StateBlock, line: number): boolean {
  return (state.sCount[line] ?? 0) - state.blkIndent >= 4;
}

/** A line that belongs to the current container (not blank, not dedented out of it). */
export function continuesBlock(state: StateBlock, line: number, endLine: number): boolean {
  return line < endLine && !state.isEmpty(line) && (state.sCount[line] ?? 0) >= state.blkIndent;
}
