// Tables as Typemill writes them: wrapped in <div class="tm-table">, `style="text-align: left;"`, always a <tbody>.

import type { MarkdownIt, StateCore, Token } from 'markdown-it';

const ALIGNMENT_STYLE = /^text-align:(left|center|right)$/;

export function tables(md: MarkdownIt): void {
  md.renderer.rules.table_open = () => '<div class="tm-table"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';
  // Parsedown writes an empty element list as a single newline: `<tbody>\n</tbody>`.
  md.renderer.rules.tbody_open = (tokens, index, options, _env, renderer) =>
    tokens[index + 1]?.type === 'tbody_close' ? '<tbody>\n' : renderer.renderToken(tokens, index, options);
  md.core.ruler.push('typemill_tables', (state: StateCore) => {
    state.tokens = withBodies(state.tokens, state);
    for (const token of state.tokens) {
      if (token.type !== 'th_open' && token.type !== 'td_open') continue;
      const alignment = ALIGNMENT_STYLE.exec(String(token.attrGet('style') ?? ''))?.[1];
      if (alignment !== undefined) token.attrSet('style', `text-align: ${alignment};`);
    }
  });
}

/** Parsedown always writes <tbody>, also for a table without body rows. */
function withBodies(tokens: Token[], state: StateCore): Token[] {
  const result: Token[] = [];
  for (const [index, token] of tokens.entries()) {
    result.push(token);
    if (token.type === 'thead_close' && tokens[index + 1]?.type !== 'tbody_open') {
      const open = new state.Token('tbody_open', 'tbody', 1);
      const close = new state.Token('tbody_close', 'tbody', -1);
      open.block = close.block = true;
      result.push(open, close);
    }
  }
  return result;
}
