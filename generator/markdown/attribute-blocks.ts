// Inline rule: a `{…}` attribute block right after a link or image adds its attributes (ParsedownExtra, Typemill inlineLink).

import type { MarkdownIt, StateInline, Token } from 'markdown-it';
import { TRAILING_ATTRIBUTE_BLOCK, parseAttributeData } from './attribute-data.ts';

/** PHP `$attributes += $parsed` keeps keys the element already has, even when their value is null. */
const KEYS_ALREADY_SET: Readonly<Record<string, readonly string[]>> = {
  link_open: ['href', 'title'],
  image: ['src', 'alt', 'title', 'href'],
};

export function attributeBlocks(md: MarkdownIt): void {
  md.inline.ruler.after('image', 'typemill_attribute_block', attributeBlock);
}

function attributeBlock(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x7b /* { */) return false;
  if (!/^ *$/.test(state.pending)) return false;
  const target = attributeTarget(state.tokens);
  if (target === undefined) return false;
  const match = TRAILING_ATTRIBUTE_BLOCK.exec(state.src.slice(state.pos, state.posMax));
  if (match === null) return false;
  if (!silent) {
    state.pending = '';
    const keysAlreadySet = KEYS_ALREADY_SET[target.type] ?? [];
    for (const [name, value] of parseAttributeData(match[1] ?? '')) {
      if (keysAlreadySet.includes(name)) continue;
      target.attrSet(name, value);
    }
  }
  state.pos += match[0].length;
  return true;
}

/** The image just pushed, or the opening token of the link just closed. */
function attributeTarget(tokens: readonly Token[]): Token | undefined {
  const last = tokens.at(-1);
  if (last === undefined) return undefined;
  if (last.type === 'image') return last;
  if (last.type !== 'link_close' || last.info === 'auto') return undefined;
  for (let index = tokens.length - 2; index >= 0; index--) {
    const token = tokens[index];
    if (token?.type === 'link_open' && token.level === last.level) return token;
  }
  return undefined;
}
