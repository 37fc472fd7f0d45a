// Parsedown links bare `http(s)://…` URLs in text (urlsLinked), ending the URL at the last word boundary.

import type { MarkdownIt, StateInline } from 'markdown-it';

const SCHEME_BEFORE_COLON = /(?:^|[^A-Za-z0-9_])(https?)$/i;
const URL = /^https?:\/\/[^\s<]+\b\/*/i;

export function bareUrls(md: MarkdownIt): void {
  md.inline.ruler.after('linkify', 'typemill_bare_url', bareUrl);
}

function bareUrl(state: StateInline, silent: boolean): boolean {
  if (silent || state.linkLevel > 0) return false;
  if (state.src.charCodeAt(state.pos) !== 0x3a /* : */ || state.src.slice(state.pos + 1, state.pos + 3) !== '//') return false;
  const scheme = SCHEME_BEFORE_COLON.exec(state.pending)?.[1];
  if (scheme === undefined) return false;
  const start = state.pos - scheme.length;
  const url = URL.exec(state.src.slice(start, state.posMax))?.[0];
  if (url === undefined) return false;

  state.pending = state.pending.slice(0, -scheme.length);
  const open = state.push('link_open', 'a', 1);
  open.attrs = [['href', url]];
  open.markup = 'linkify';
  open.info = 'auto';
  state.push('text', '', 0).content = url;
  const close = state.push('link_close', 'a', -1);
  close.markup = 'linkify';
  close.info = 'auto';
  state.pos = start + url.length;
  return true;
}
