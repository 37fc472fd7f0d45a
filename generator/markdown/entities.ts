// Parsedown passes `&name;`, `&#123;` (anything shaped like an entity) through unchanged instead of decoding it.

import type { MarkdownIt, StateInline } from 'markdown-it';

const ENTITY = /^&(#?[0-9a-zA-Z]+);/;

export function entities(md: MarkdownIt): void {
  md.inline.ruler.at('entity', (state: StateInline, silent: boolean) => {
    if (state.src.charCodeAt(state.pos) !== 0x26 /* & */) return false;
    const match = ENTITY.exec(state.src.slice(state.pos, state.posMax));
    if (match === null) {
      if (!silent) state.pending += '&';
      state.pos++;
      return true;
    }
    if (!silent) state.push('typemill_raw', '', 0).content = match[0];
    state.pos += match[0].length;
    return true;
  });
}
