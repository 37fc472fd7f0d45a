// Renders the blocks of one page to Typemill's HTML, one string per block
// (docs/typemill.md: Each block is rendered on its own, in safe mode; Typemill's markdown additions are reproduced).

import { atxHeading } from './parsedown/blocks/header.ts';
import { renderText } from './parsedown/markup.ts';
import { createParser } from './parsedown/parser.ts';
import type { HeadingEntry, RenderOptions } from './render-env.ts';

export type { RenderOptions } from './render-env.ts';

/** Renders the blocks of one page. `source` is 'md' when the blocks come from splitting the page's .md file
 *  (then [TOC] knows every ATX heading of the page) and 'txt' when they come from a draft .txt JSON array
 *  (then [TOC] only knows headings of earlier blocks). Returns one HTML string per block. */
export function renderBlocks(blocks: readonly string[], source: 'md' | 'txt', options: RenderOptions): string[] {
  const headings = new Map<string, HeadingEntry>();
  // Typemill learns the top-level headings while splitting the .md file, before it renders any block.
  if (source === 'md') registerFirstLineHeadings(headings, blocks, options.langattr);
  // One parser for the page, as Typemill's Content model: headings and footnote numbers carry over between blocks.
  const parser = createParser(options, headings);
  return blocks.map((block) => renderText(parser, block));
}

/** Typemill learns the top-level headings of a .md page while splitting it, before it renders any block: each block's
 *  first line (after leading blank lines) that is an ATX heading indented less than four spaces. */
export function registerFirstLineHeadings(
  headings: Map<string, HeadingEntry>,
  blocks: readonly string[],
  langattr: string,
): void {
  for (const block of blocks) {
    let start = 0;
    while (block.charCodeAt(start) === 0x0a) start++;
    let indent = 0;
    while (block.charCodeAt(start + indent) === 0x20) indent++;
    // atxHeading takes only lines that start with `#`: the line is cut out only for those
    if (indent >= 4 || block.charCodeAt(start + indent) !== 0x23) continue;
    const end = block.indexOf('\n', start);
    const heading = atxHeading(block.slice(start + indent, end === -1 ? block.length : end), langattr);
    if (heading !== undefined && !headings.has(heading.id)) headings.set(heading.id, heading);
  }
}
