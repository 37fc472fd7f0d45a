// [TOC]: a `[TOC]` line flags the block; its `<p>[TOC]</p>` becomes Typemill's (unbalanced) list of the page's headings.

import type { MarkdownIt, StateBlock } from 'markdown-it';
import { lineText } from './block-line.ts';
import { blockStateOf, type HeadingEntry } from './render-env.ts';

const TOC_PARAGRAPH = /<p[^>]*>\[TOC\]<\/p>/gi;

export function tocMarker(md: MarkdownIt): void {
  // Like Typemill's blockTableOfContents it never claims the line: the line still renders as `<p>[TOC]</p>`.
  md.block.ruler.before('reference', 'typemill_toc_marker', (state: StateBlock, startLine: number) => {
    if (lineText(state, startLine) === '[TOC]') blockStateOf(state.env).tocRequested = true;
    return false;
  });
}

export function replaceTocParagraphs(html: string, headings: readonly HeadingEntry[]): string {
  const toc = buildToc(headings);
  return html.replace(TOC_PARAGRAPH, () => toc);
}

/** Reproduces Typemill's markup exactly, including its unbalanced `</li>`/`</ul>` (docs/decisions.md: Typemill's quirks are kept). */
export function buildToc(headings: readonly HeadingEntry[]): string {
  let markup = '<ul class="TOC">';
  let previousLevel = 1;
  const closers: string[] = [];
  for (const heading of headings) {
    while (heading.level < previousLevel) {
      markup += '</li>' + (closers.pop() ?? '');
      previousLevel--;
    }
    if (heading.level > previousLevel) {
      markup += '<ul>';
      closers.push('</ul>');
    }
    markup += `<li class="h${heading.level}"><a href="#${heading.id}">${heading.text}</a>`;
    previousLevel = heading.level;
  }
  while (closers.length > 0) markup += '</li>' + closers.pop();
  return markup + '</ul>';
}
