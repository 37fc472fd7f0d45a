// [TOC]: Typemill's (unbalanced) list of the page's headings, which replaces a block's `<p>[TOC]</p>`.

import type { HeadingEntry } from './render-env.ts';

/** Reproduces Typemill's markup exactly, including its unbalanced `</li>`/`</ul>`
 *  (docs/typemill.md: Typemill's quirks are kept). */
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
