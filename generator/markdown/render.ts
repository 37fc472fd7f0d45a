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
  if (source === 'md') for (const block of blocks) registerFirstLineHeading(headings, block, options.langattr);
  // One parser for the page, as Typemill's Content model: headings and footnote numbers carry over between blocks.
  const parser = createParser(options, headings);
  return blocks.map((block) => renderText(parser, block));
}

function registerFirstLineHeading(headings: Map<string, HeadingEntry>, block: string, langattr: string): void {
  const firstLine = block.replace(/^\n+/, '').split('\n', 1)[0] ?? '';
  const indent = /^ */.exec(firstLine)?.[0].length ?? 0;
  if (indent >= 4) return;
  const heading = atxHeading(firstLine.slice(indent), langattr);
  if (heading !== undefined && !headings.has(heading.id)) headings.set(heading.id, heading);
}
