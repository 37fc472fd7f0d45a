// Typemill's markup(): the text's HTML, line ends trimmed, adjacent definition lists merged, [TOC] and footnotes added.

import { trimCharacters } from '../split/php-string.ts';
import { buildToc } from '../toc.ts';
import { footnotesElement } from './footnotes.ts';
import type { Parser } from './types.ts';

const ADJACENT_DEFINITION_LISTS = /<\/dl>[ \t\n\x0B\f\r]+<dl>[ \t\n\x0B\f\r]+/g;
const TOC_PARAGRAPH = /(<p[^>]*>\[TOC\]<\/p>)/gi;

/** Renders one block the way Typemill renders a content block for the API. */
export function renderText(parser: Parser, text: string): string {
  const elements = parser.textElements(text);
  let markup = trimCharacters(parser.renderElements(elements), '\n');
  markup = markup.replace(ADJACENT_DEFINITION_LISTS, '');
  if (parser.definitions.tableOfContents) {
    const toc = buildToc([...parser.headings.values()]);
    markup = markup.replace(TOC_PARAGRAPH, (...groups: string[]) => expandPhpReplacement(toc, groups));
  }
  if (parser.definitions.footnotes !== null) markup += `\n${parser.renderElement(footnotesElement(parser))}`;
  return markup;
}

/** preg_replace reads `$1`, `${1}` and `\1` in the replacement as groups (missing ones are empty): a heading text
 *  holding `$5` loses it in Typemill's TOC too. */
function expandPhpReplacement(replacement: string, groups: readonly string[]): string {
  return replacement.replace(/\\\\|\\(\d{1,2})|\$(\d{1,2})|\$\{(\d{1,2})\}/g, (reference, ...numbers: Array<string | undefined>) => {
    if (reference === '\\\\') return reference;
    const number = Number(numbers[0] ?? numbers[1] ?? numbers[2]);
    return number <= 1 ? (groups[number] ?? '') : '';
  });
}
