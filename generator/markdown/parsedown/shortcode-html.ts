// Shortcodes `[:name key="v" :]`: the built-in `video`, otherwise Typemill's "No shortcode found." markup.

import { trimCharacters } from '../split/php-string.ts';
import type { RenderOptions } from '../render-env.ts';
import { renderVideo, type ShortcodeParams } from '../video-shortcode.ts';

// \s of PCRE without Unicode mode: ASCII whitespace only
const PARAMETER = /(\w+)[ \t\n\x0B\f\r]*=[ \t\n\x0B\f\r]*("[^"]*"|'[^']*'|[^"' \t\n\x0B\f\r>]*)/g;

type ShortcodeRenderer = (params: ShortcodeParams, options: RenderOptions) => string | null;

/** Shortcodes that can run at build time; plugin shortcodes cannot
 *  (docs/typemill.md: Plugin shortcodes render "No shortcode found."). */
const SHORTCODES: Readonly<Record<string, ShortcodeRenderer>> = {
  video: renderVideo,
};

const NOT_FOUND = {
  block: '<p class="shortcode-alert">No shortcode found.</p>',
  inline: '<span class="shortcode-alert">No shortcode found.</span>',
};

/** `shortcode` is the whole `[:…:]`. */
export function renderShortcode(shortcode: string, form: 'block' | 'inline', options: RenderOptions): string {
  const inner = shortcode.slice(2, -2);
  const space = inner.indexOf(' ');
  const name = space === -1 ? inner : inner.slice(0, space);
  const params = new Map<string, string>();
  if (space !== -1) {
    for (const match of inner.slice(space + 1).matchAll(PARAMETER)) {
      params.set(match[1] ?? '', trimCharacters(match[2] ?? '', ' "'));
    }
  }
  return SHORTCODES[name]?.(params, options) ?? NOT_FOUND[form];
}
