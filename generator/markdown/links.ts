// Links and images as Typemill writes them: base-URL rewriting, safe-mode scheme filter, img attribute order with loading="lazy".

import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { blockStateOf, type RenderOptions } from './render-env.ts';

/** Parsedown's safeLinksWhitelist; settings.urlschemes are added to it. */
const SAFE_URL_PREFIXES = [
  'http://', 'https://', 'ftp://', 'ftps://', 'mailto:',
  'data:image/png;base64,', 'data:image/gif;base64,', 'data:image/jpeg;base64,',
  'irc:', 'ircs:', 'git:', 'ssh:', 'news:', 'steam:',
];

export function links(md: MarkdownIt): void {
  // Parsedown neither percent-encodes nor rejects URLs; unsafe ones are defused by `safeUrl` instead.
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (url) => url;
  md.validateLink = () => true;
  md.core.ruler.push('typemill_links', (state: StateCore) => {
    const options = blockStateOf(state.env).page.options;
    for (const token of state.tokens) {
      for (const child of token.children ?? []) finishLinkOrImage(child, options);
    }
  });
  md.renderer.rules.image = (tokens, index, _options, _env, renderer) => {
    const token = tokens[index];
    return token === undefined ? '' : `<img${renderer.renderAttrs(token)} />`;
  };
}

function finishLinkOrImage(token: Token, options: RenderOptions): void {
  if (token.type === 'link_open') {
    const href = String(token.attrGet('href') ?? '');
    // Autolinks and bare URLs do not pass through Typemill's inlineLink, so they keep their URL.
    token.attrSet('href', safeUrl(token.info === 'auto' ? href : rewriteUrl(href, options.baseUrl), options.urlSchemes));
  }
  if (token.type === 'image') {
    const source = String(token.attrGet('src') ?? '');
    const isReference = token.meta?.['label'] !== undefined;
    token.attrs = imageAttributes(token, safeUrl(isReference ? source : rewriteUrl(source, options.baseUrl), options.urlSchemes));
  }
}

/** src, alt (the raw label), title, the `{…}` attributes, then loading="lazy" (kept in place if `{…}` set it). */
function imageAttributes(token: Token, source: string): Array<[string, string]> {
  const attributes: Array<[string, string]> = [['src', source], ['alt', token.content]];
  const title = token.attrGet('title');
  if (title !== null) attributes.push(['title', String(title)]);
  for (const [name, value] of token.attrs ?? []) {
    if (name === 'src' || name === 'alt' || name === 'title') continue;
    attributes.push([name, name === 'loading' ? 'lazy' : String(value)]);
  }
  if (!attributes.some(([name]) => name === 'loading')) attributes.push(['loading', 'lazy']);
  return attributes;
}

export function rewriteUrl(url: string, baseUrl: string): string {
  if (url.startsWith('/')) return baseUrl + url;
  if (url.startsWith('media/')) return `${baseUrl}/${url}`;
  return url;
}

export function safeUrl(url: string, extraSchemes: readonly string[]): string {
  const lowerUrl = url.toLowerCase();
  const isSafe = [...SAFE_URL_PREFIXES, ...extraSchemes].some((prefix) => lowerUrl.startsWith(prefix.toLowerCase()));
  return isSafe ? url : url.replaceAll(':', '%3A');
}
