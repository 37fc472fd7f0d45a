// Math: `$$`/`\[` blocks → <div class="math">, inline `\(…\)` and `$…$` → `\(…\)` with Typemill's unanchored `$` search.

import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';
import { isIndentedCode, lineBody, lineText } from './block-line.ts';
import { escapeText } from './parsedown-escape.ts';

/** `\(…\)` at the marker. */
const PARENTHESIS_MATH = /^(?<!\\)(?<!\\\()\\\((.*?)(?<!\\\()\\\)(?!\\\))/s;
/** `$…$` anywhere after the marker, two characters at least: Typemill replaces from the marker on. */
const DOLLAR_MATH = /\$(?!\$)([^ ][^$\n]+)(?<! )\$(?![1-9])/s;

const BLOCK_DELIMITERS: Readonly<Record<string, string>> = { '$$': '$$', '\\[': '\\]' };

export interface InlineMathMatch {
  latex: string;
  /** Characters consumed from the marker (the match length, wherever the match starts). */
  extent: number;
}

/** Typemill's inlineMath on the text from the marker to the end of the inline content. */
export function matchInlineMath(textFromMarker: string): InlineMathMatch | null {
  const match = PARENTHESIS_MATH.exec(textFromMarker) ?? DOLLAR_MATH.exec(textFromMarker);
  return match === null ? null : { latex: match[1] ?? '', extent: match[0].length };
}

/** Also used by the escape rule, which gives way to math that appears later in the text. */
export function containsDollarMath(text: string): boolean {
  return DOLLAR_MATH.test(text);
}

export function pushInlineMath(state: StateInline, math: InlineMathMatch): void {
  state.push('typemill_raw', '', 0).content = escapeText(`\\(${math.latex}\\)`);
  state.pos += math.extent;
}

export function math(md: MarkdownIt): void {
  md.block.ruler.before('paragraph', 'typemill_math', mathBlock, { alt: ['paragraph', 'reference', 'blockquote'] });
  md.inline.ruler.after('escape', 'typemill_math', (state: StateInline, silent: boolean) => {
    if (state.src.charCodeAt(state.pos) !== 0x24 /* $ */) return false;
    const found = matchInlineMath(state.src.slice(state.pos, state.posMax));
    if (found === null) return false;
    if (silent) state.pos += found.extent;
    else pushInlineMath(state, found);
    return true;
  });
}

function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (isIndentedCode(state, startLine)) return false;
  const opener = lineText(state, startLine);
  const closer = BLOCK_DELIMITERS[opener];
  if (closer === undefined) return false;
  if (silent) return true;

  const bodyLines: string[] = [];
  let nextLine = startLine + 1;
  let isClosed = false;
  for (; nextLine < endLine; nextLine++) {
    if (state.isEmpty(nextLine)) {
      bodyLines.push('');
      continue;
    }
    if ((state.sCount[nextLine] ?? 0) < state.blkIndent) break;
    if (lineText(state, nextLine) === closer) {
      isClosed = true;
      nextLine++;
      break;
    }
    bodyLines.push(lineBody(state, nextLine));
  }
  if (!isClosed) while (bodyLines.at(-1) === '') bodyLines.pop();

  const body = bodyLines.map((line) => `\n${line}`).join('');
  const token = state.push('typemill_raw', '', 0);
  token.block = true;
  token.map = [startLine, nextLine];
  // An unclosed block never gets its name in Typemill: the lines come out as bare escaped text.
  token.content = isClosed
    ? `<div class="math">${escapeText(opener + body + '\n' + closer)}</div>\n`
    : `${escapeText(body.replace(/^\n+/, ''))}\n`;
  state.line = nextLine;
  return true;
}
