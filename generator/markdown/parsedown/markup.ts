// Typemill's markup(): the text's HTML, line ends trimmed, adjacent definition lists merged, [TOC] and footnotes added.

import { trimCharacters } from '../split/php-string.ts';
import { buildToc } from '../toc.ts';
import { footnotesElement } from './footnotes.ts';
import type { Parser } from './types.ts';

const ADJACENT_DEFINITION_LISTS = /<\/dl>[ \t\n\x0B\f\r]+<dl>[ \t\n\x0B\f\r]+/g;
/** A group reference in a PHP replacement: `\1`, `$1` or `${1}` (one or two digits). */
const GROUP_REFERENCE = /^[\\$](?:\{(\d{1,2})\}|(\d{1,2}))/;
const TOC_PARAGRAPH = /(<p[^>]*>\[TOC\]<\/p>)/gi;

/** Renders one block the way Typemill renders a content block for the API. */
export function renderText(parser: Parser, text: string): string {
  const elements = parser.textElements(text);
  let markup = trimCharacters(parser.renderElements(elements), '\n');
  if (markup.includes('</dl>')) markup = markup.replace(ADJACENT_DEFINITION_LISTS, '');
  if (parser.definitions.tableOfContents) {
    const toc = buildToc([...parser.headings.values()]);
    markup = markup.replace(TOC_PARAGRAPH, (match: string, paragraph: string) =>
      expandPhpReplacement(toc, [match, paragraph]),
    );
  }
  if (parser.definitions.footnotes !== null) markup += `\n${parser.renderElement(footnotesElement(parser))}`;
  return markup;
}

/** preg_replace reads `$1`, `${1}` and `\\1` in the replacement as groups (missing ones are empty) and `\\$`, `\\\\` as
 *  escapes: a heading text holding `$5` or `\\$` changes in Typemill's TOC too. */
function expandPhpReplacement(replacement: string, groups: readonly string[]): string {
  let output = '';
  let lastWritten = '';
  let index = 0;
  while (index < replacement.length) {
    const char = replacement.charAt(index);
    if (char === '\\' || char === '$') {
      if (lastWritten === '\\') {
        output = output.slice(0, -1) + char;
        lastWritten = '';
        index += 1;
        continue;
      }
      const reference = GROUP_REFERENCE.exec(replacement.slice(index));
      if (reference !== null && (char === '$' || reference[1] === undefined)) {
        output += groups[Number(reference[1] ?? reference[2])] ?? '';
        index += reference[0].length;
        continue;
      }
    }
    output += char;
    lastWritten = char;
    index += 1;
  }
  return output;
}
