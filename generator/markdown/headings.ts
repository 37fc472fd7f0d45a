// Typemill's ATX headings: no space needed after `#`, id `h-` + slug of the whole line, optional `#` anchor, recorded for [TOC].

import type { MarkdownIt, StateBlock } from 'markdown-it';
import { slugify } from '../slugify.ts';
import { isIndentedCode, lineText } from './block-line.ts';
import { blockStateOf, registerHeading } from './render-env.ts';

export interface AtxHeading {
  level: number;
  /** `#` trimmed at both ends, then spaces (Typemill's blockHeader). */
  text: string;
}

/** Parses a line (without its indent) as Typemill's blockHeader does; null when it is not a heading. */
export function parseAtxHeading(line: string): AtxHeading | null {
  if (!line.startsWith('#') || line.length < 2) return null;
  const level = /^#+/.exec(line)?.[0].length ?? 0;
  if (level > 6) return null;
  return { level, text: line.replace(/^#+|#+$/g, '').replace(/^ +| +$/g, '') };
}

export function headingId(line: string, langattr: string): string {
  return `h-${slugify(line, langattr)}`;
}

export function headings(md: MarkdownIt): void {
  md.block.ruler.at('heading', atxHeading, { alt: ['paragraph', 'reference', 'blockquote'] });
}

function atxHeading(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (isIndentedCode(state, startLine)) return false;
  const line = lineText(state, startLine);
  const heading = parseAtxHeading(line);
  if (heading === null) return false;
  if (silent) return true;

  const page = blockStateOf(state.env).page;
  const id = headingId(line, page.options.langattr);
  registerHeading(page, { level: heading.level, id, text: heading.text });
  // Typemill prepends the anchor as markdown, so it goes through the same link and attribute rules.
  const anchor = page.options.headlineAnchors && heading.level > 1 ? `[#](#${id}){.tm-heading-anchor}` : '';

  const tag = `h${heading.level}`;
  const open = state.push('heading_open', tag, 1);
  open.attrs = [['id', id]];
  open.markup = '#'.repeat(heading.level);
  open.map = [startLine, startLine + 1];
  const inline = state.push('inline', '', 0);
  inline.content = anchor + heading.text;
  inline.map = [startLine, startLine + 1];
  inline.children = [];
  state.push('heading_close', tag, -1).markup = open.markup;
  state.line = startLine + 1;
  return true;
}
