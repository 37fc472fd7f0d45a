// Turns page markdown into the lines Parsedown's block loop reads: `\n` line ends, outer `\n` trimmed, tabs expanded.
import { trimCharacters } from './php-string.ts';
import type { BlockLine } from './types.ts';

/** PHP `chop()` strips these characters, so a line made only of them counts as blank. */
const BLANK_LINE = /^[ \t\n\r\0\x0B]*$/;
const TAB_STOP = 4;

export function splitLines(markdown: string): string[] {
  const normalised = markdown.includes('\r') ? markdown.replace(/\r\n|\r/g, '\n') : markdown;
  // outer line ends trimmed from both ends; the pattern /\n+$/ tried every line end of the page
  return trimCharacters(normalised, '\n').split('\n');
}

export function isBlankLine(line: string): boolean {
  return BLANK_LINE.test(line);
}

/** Each tab becomes the spaces up to the next multiple of four characters (code points, as PHP's mb_strlen counts). */
export function expandTabs(line: string): string {
  let expanded = line;
  let tabIndex = expanded.indexOf('\t');
  while (tabIndex !== -1) {
    const beforeTab = expanded.slice(0, tabIndex);
    const shortage = TAB_STOP - ([...beforeTab].length % TAB_STOP);
    expanded = beforeTab + ' '.repeat(shortage) + expanded.slice(tabIndex + 1);
    tabIndex = expanded.indexOf('\t', tabIndex);
  }
  return expanded;
}

export function toBlockLine(line: string): BlockLine {
  let indent = 0;
  while (line.charCodeAt(indent) === 0x20) indent++;
  return { body: line, indent, text: line.slice(indent) };
}
