// Shortcodes `[:name key="v" :]`: the built-in `video`, otherwise Typemill's "No shortcode found." markup (block and inline).

import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';
import { isIndentedCode, lineText } from './block-line.ts';
import { blockStateOf, type RenderOptions } from './render-env.ts';
import { renderVideo, type ShortcodeParams } from './video-shortcode.ts';

const BLOCK_SHORTCODE = /^\[:[^\n]*:\]/;
/** Typemill's inline search is neither anchored nor lazy: it finds the first `[:` and the last `:]` of a line. */
const INLINE_SHORTCODE = /\[:[^\n]*:\]/;
const PARAMETER = /(\w+)\s*=\s*("[^"]*"|'[^']*'|[^"'\s>]*)/g;

type ShortcodeRenderer = (params: ShortcodeParams, options: RenderOptions) => string | null;

/** Shortcodes that can run at build time; plugin shortcodes cannot (docs/decisions.md: Plugin shortcodes render "No shortcode found."). */
const SHORTCODES: Readonly<Record<string, ShortcodeRenderer>> = {
  video: renderVideo,
};

const NOT_FOUND = {
  block: '<p class="shortcode-alert">No shortcode found.</p>',
  inline: '<span class="shortcode-alert">No shortcode found.</span>',
};

export function shortcodes(md: MarkdownIt): void {
  md.block.ruler.before('reference', 'typemill_shortcode', shortcodeBlock, { alt: ['paragraph', 'reference', 'blockquote'] });
  md.inline.ruler.after('link', 'typemill_shortcode', shortcodeInline);
}

export function renderShortcode(shortcode: string, form: 'block' | 'inline', options: RenderOptions): string {
  const inner = shortcode.slice(2, -2);
  const space = inner.indexOf(' ');
  const name = space === -1 ? inner : inner.slice(0, space);
  const params = new Map<string, string>();
  if (space !== -1) {
    for (const match of inner.slice(space + 1).matchAll(PARAMETER)) {
      params.set(match[1] ?? '', (match[2] ?? '').replace(/^[ "]+|[ "]+$/g, ''));
    }
  }
  return SHORTCODES[name]?.(params, options) ?? NOT_FOUND[form];
}

function shortcodeBlock(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (isIndentedCode(state, startLine)) return false;
  const match = BLOCK_SHORTCODE.exec(lineText(state, startLine));
  if (match === null) return false;
  if (silent) return true;
  // The rest of the line after `:]` is dropped, as in Typemill.
  const token = state.push('typemill_raw', '', 0);
  token.block = true;
  token.map = [startLine, startLine + 1];
  token.content = `${renderShortcode(match[0], 'block', blockStateOf(state.env).page.options)}\n`;
  state.line = startLine + 1;
  return true;
}

function shortcodeInline(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x5b /* [ */) return false;
  const match = INLINE_SHORTCODE.exec(state.src.slice(state.pos, state.posMax));
  if (match === null) return false;
  // Like Typemill, the match length is consumed from the `[` even when the match starts later.
  if (!silent) state.push('typemill_raw', '', 0).content = renderShortcode(match[0], 'inline', blockStateOf(state.env).page.options);
  state.pos += match[0].length;
  return true;
}
