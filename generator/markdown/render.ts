// Renders the blocks of one page to Typemill's HTML, one string per block (docs/decisions.md: Each block is rendered on its own, in safe mode; Typemill's markdown additions are reproduced).

import { createMarkdown } from './create-markdown.ts';
import { headingId, parseAtxHeading } from './headings.ts';
import { createEnv, registerHeading, type BlockState, type PageState, type RenderOptions } from './render-env.ts';
import { replaceTocParagraphs } from './toc.ts';

export type { RenderOptions } from './render-env.ts';

const EMPTY_FOOTNOTES = '\n<div class="footnotes">\n<hr />\n<ol>\n</ol>\n</div>';
const ADJACENT_DEFINITION_LISTS = /<\/dl>\s+<dl>\s+/g;

/** Renders the blocks of one page. `source` is 'md' when the blocks come from splitting the page's .md file
 *  (then [TOC] knows every ATX heading of the page) and 'txt' when they come from a draft .txt JSON array
 *  (then [TOC] only knows headings of earlier blocks). Returns one HTML string per block. */
export function renderBlocks(blocks: readonly string[], source: 'md' | 'txt', options: RenderOptions): string[] {
  const md = createMarkdown();
  const page: PageState = { options, headings: new Map() };
  // Typemill learns the top-level headings while splitting the .md file, before it renders any block.
  if (source === 'md') for (const block of blocks) registerFirstLineHeading(page, normalizeBlock(block));
  return blocks.map((block) => {
    const blockState: BlockState = { page, tocRequested: false, hasFootnoteDefinition: false };
    let html = trimNewlines(md.render(normalizeBlock(block), createEnv(blockState)));
    html = html.replace(ADJACENT_DEFINITION_LISTS, '');
    if (blockState.tocRequested) html = replaceTocParagraphs(html, [...page.headings.values()]);
    if (blockState.hasFootnoteDefinition) html += EMPTY_FOOTNOTES;
    return html;
  });
}

function registerFirstLineHeading(page: PageState, block: string): void {
  const firstLine = block.split('\n', 1)[0] ?? '';
  const indent = /^ */.exec(firstLine)?.[0].length ?? 0;
  if (indent >= 4) return;
  const line = firstLine.slice(indent);
  const heading = parseAtxHeading(line);
  if (heading !== null) registerHeading(page, { level: heading.level, id: headingId(line, page.options.langattr), text: heading.text });
}

/** Parsedown's text(): unified line ends, outer newlines trimmed, tabs expanded to stops of four. */
function normalizeBlock(block: string): string {
  return trimNewlines(block.replace(/\r\n?/g, '\n')).split('\n').map(expandTabs).join('\n');
}

function expandTabs(line: string): string {
  let expanded = line;
  for (let tab = expanded.indexOf('\t'); tab !== -1; tab = expanded.indexOf('\t')) {
    const before = expanded.slice(0, tab);
    expanded = before + ' '.repeat(4 - ([...before].length % 4)) + expanded.slice(tab + 1);
  }
  return expanded;
}

function trimNewlines(text: string): string {
  return text.replace(/^\n+|\n+$/g, '');
}
