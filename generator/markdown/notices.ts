// Notices: consecutive lines starting `!`…`!!!!` (not `![`) become `<div class="noticeN">` around their text parsed as markdown.

import type { MarkdownIt, StateBlock } from 'markdown-it';
import { continuesBlock, isIndentedCode, lineText } from './block-line.ts';

const NOTICE_LINE = /^!(?!\[)/;

export function notices(md: MarkdownIt): void {
  md.block.ruler.before('paragraph', 'typemill_notice', notice, { alt: ['paragraph', 'reference', 'blockquote'] });
}

/** Typemill counts the `!` left after removing every `![` and space, and cuts that many characters off the line. */
export function noticeLevel(line: string): number {
  return /^!*/.exec(line.replaceAll('![', '').replaceAll(' ', ''))?.[0].length ?? 0;
}

function notice(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (isIndentedCode(state, startLine) || !NOTICE_LINE.test(lineText(state, startLine))) return false;
  if (silent) return true;

  const level = noticeLevel(lineText(state, startLine));
  const innerLines: string[] = [];
  let nextLine = startLine;
  while (continuesBlock(state, nextLine, endLine) && NOTICE_LINE.test(lineText(state, nextLine))) {
    const line = lineText(state, nextLine);
    innerLines.push(line.slice(noticeLevel(line)));
    nextLine++;
  }

  const open = state.push('notice_open', 'div', 1);
  open.attrs = [['class', `notice${level}`]];
  open.map = [startLine, nextLine];
  state.md.block.parse(innerLines.join('\n'), state.md, state.env, state.tokens);
  state.push('notice_close', 'div', -1);
  state.line = nextLine;
  return true;
}
