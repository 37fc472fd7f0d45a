// Renderer overrides so markdown-it's tokens come out with Parsedown's markup: escaping, attribute filter, code, <del>.

import type { MarkdownIt, Token } from 'markdown-it';
import { escapeAttributeValue, escapeText } from './parsedown-escape.ts';

/** Parsedown's safe mode drops attribute names that do not look like names, and every on… event handler. */
const GOOD_ATTRIBUTE_NAME = /^[a-zA-Z0-9][a-zA-Z0-9-_]*$/;

export function parsedownOutput(md: MarkdownIt): void {
  const rules = md.renderer.rules;
  md.renderer.renderAttrs = (token) => renderAttributes(token.attrs ?? []);
  rules.text = (tokens, index) => escapeText(contentOf(tokens[index]));
  rules.code_inline = (tokens, index) => `<code>${escapeText(contentOf(tokens[index]).replace(/^ +| +$/g, ''))}</code>`;
  rules.code_block = (tokens, index) => `<pre><code>${escapeText(contentOf(tokens[index]).replace(/\n$/, ''))}</code></pre>\n`;
  rules.fence = (tokens, index) => renderFence(tokens[index]);
  rules.s_open = () => '<del>';
  rules.s_close = () => '</del>';
  rules.typemill_raw = (tokens, index) => contentOf(tokens[index]);
}

export function renderAttributes(attributes: ReadonlyArray<readonly [string, string | number]>): string {
  return attributes
    .filter(([name]) => GOOD_ATTRIBUTE_NAME.test(name) && !name.toLowerCase().startsWith('on'))
    .map(([name, value]) => ` ${name}="${escapeAttributeValue(String(value))}"`)
    .join('');
}

function contentOf(token: Token | undefined): string {
  return token?.content ?? '';
}

/** Parsedown drops the last newline of a closed fence; an unclosed one keeps the newline after the opener instead. */
function renderFence(token: Token | undefined): string {
  if (token === undefined) return '';
  const language = token.info.trim().split(/\s+/)[0] ?? '';
  const classAttribute = language === '' ? '' : renderAttributes([['class', `language-${language}`]]);
  const lines = token.content.replace(/\n$/, '');
  const lineCount = token.content === '' ? 0 : lines.split('\n').length;
  const isClosed = token.map !== null && token.map[1] - token.map[0] === lineCount + 2;
  const code = isClosed || token.content === '' ? lines : `\n${lines}`;
  return `<pre><code${classAttribute}>${escapeText(code)}</code></pre>\n`;
}
