// Code spans: a run of backticks, the text, the same run again (not part of a longer run); inner line ends become
// spaces.

import { chopCharacters } from '../../split/php-string.ts';
import type { InlineRule } from '../types.ts';

/** The maximal backtick runs of a text: for each length, where runs of exactly that length start, in order. */
type Runs = Map<number, number[]>;

// Parsedown's /^(`++)[ ]*+(.+?)[ ]*+(?<!`)\1(?!`)/s by hand: the lazy search for the closing run would read the rest
// of the line again for each backtick run.
export const code: InlineRule = (excerpt) => {
  const { scan, at } = excerpt;
  const text = scan.text;
  const runEnd = scan.runEnd('`', at);
  const length = runEnd - at;
  const contentStart = scan.runEnd(' ', runEnd);
  // the text holds at least one character, then the closing run: a whole run of exactly the same length
  const close = firstAtOrAfter(scan.table('backtick runs', backtickRuns).get(length), contentStart + 1);
  if (close === undefined) return undefined;
  let contentEnd = close;
  while (contentEnd > contentStart + 1 && text.charAt(contentEnd - 1) === ' ') contentEnd--;
  return {
    extent: close + length - at,
    element: { name: 'code', text: joinLines(text.slice(contentStart, contentEnd)) },
  };
};

function backtickRuns(text: string): Runs {
  const runs: Runs = new Map();
  for (let start = text.indexOf('`'); start !== -1; ) {
    let end = start;
    while (text.charAt(end) === '`') end++;
    const starts = runs.get(end - start);
    if (starts === undefined) runs.set(end - start, [start]);
    else starts.push(start);
    start = text.indexOf('`', end);
  }
  return runs;
}

function firstAtOrAfter(sorted: readonly number[] | undefined, minimum: number): number | undefined {
  if (sorted === undefined) return undefined;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] ?? 0) < minimum) low = middle + 1;
    else high = middle;
  }
  return sorted[low];
}

/** Parsedown's preg_replace('/[ ]*+\n/', ' ', …), without a pattern that rereads long runs of spaces. */
function joinLines(text: string): string {
  const lines = text.split('\n');
  return lines.map((line, index) => (index < lines.length - 1 ? chopCharacters(line, ' ') : line)).join(' ');
}
