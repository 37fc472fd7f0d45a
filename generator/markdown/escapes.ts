// Backslash escapes as Typemill changed them: only Parsedown's special characters, and never when math follows in the text.

import type { MarkdownIt, StateInline } from 'markdown-it';
import { containsDollarMath, matchInlineMath, pushInlineMath } from './math.ts';

const SPECIAL_CHARACTERS = new Set(['\\', '`', '*', '_', '{', '}', '[', ']', '(', ')', '<', '>', '#', '+', '-', '.', '!', '|', '~', '^', '=']);
/** A `\(…\)` pair anywhere in the rest of the text blocks the escape (Typemill's inlineEscapeSequence). */
const PARENTHESIS_MATH_ANYWHERE = /(?<!\\)((?<!\\\()\\\((?!\\\())(.*?)(?<!\\)(?<!\\\()((?<!\\\))\\\)(?!\\\)))(?!\\\()/s;

export function escapes(md: MarkdownIt): void {
  md.inline.ruler.at('escape', escape);
}

function escape(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x5c /* \ */) return false;
  const rest = state.src.slice(state.pos, state.posMax);
  const escaped = rest[1];
  if (escaped !== undefined && SPECIAL_CHARACTERS.has(escaped) && !PARENTHESIS_MATH_ANYWHERE.test(rest) && !containsDollarMath(rest)) {
    if (!silent) {
      const token = state.push('text_special', '', 0);
      token.content = escaped;
      token.markup = `\\${escaped}`;
      token.info = 'escape';
    }
    state.pos += 2;
    return true;
  }
  const math = matchInlineMath(rest);
  if (math !== null) {
    if (silent) state.pos += math.extent;
    else pushInlineMath(state, math);
    return true;
  }
  // Parsedown renders any other backslash as text, also one before a line end (no hard break).
  if (!silent) state.pending += '\\';
  state.pos++;
  return true;
}
