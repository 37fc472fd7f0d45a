// Where each emphasis pattern ends from each position of a line, computed once per line from its end backwards.
// Parsedown's lazy patterns (below) read on to the end of the line for every opener that is never closed, so a line
// of openers took quadratic time; without backreferences a position's outcome does not depend on how it was reached.
//   *em*      /^\*((?:\\\*|[^*]|\*\*[^*]+?\*\*)+?)\*(?!\*)/s
//   **strong** /^\*\*((?:\\\*|[^*]|\*[^*]*\*)+?)\*\*(?!\*)/s
//   _em_      /^_((?:\\_|[^_]|__[^_]*__)+?)_(?!_)\b/su
//   __strong__ /^__((?:\\_|[^_]|_[^_]*_)+?)__(?!_)/su

export interface EmphasisTable {
  /** For each position, where the pattern's match ends if its first unit starts there (-1: no match). */
  matchEnd: Int32Array;
}

const WORD_START = /^[\p{L}\p{N}_]/u;

/** `strong`: the pattern for a doubled marker. The table answers for the units after the opening marker(s). */
export function emphasisTable(text: string, marker: string, strong: boolean): EmphasisTable {
  const length = text.length;
  // nextMarker[i]: the first index ≥ i holding the marker, or length
  const nextMarker = new Int32Array(length + 2).fill(length);
  for (let index = length - 1; index >= 0; index--)
    nextMarker[index] = text.charAt(index) === marker ? index : (nextMarker[index + 1] ?? length);
  // units[i]: the end of a match whose next unit starts at i; loop[i]: the same, but closing at i is allowed first
  const units = new Int32Array(length + 3).fill(-1);
  const loop = new Int32Array(length + 3).fill(-1);
  for (let index = length - 1; index >= 0; index--) {
    const char = text.charAt(index);
    let end = -1;
    if (char === '\\' && text.charAt(index + 1) === marker) end = loop[index + 2] ?? -1;
    if (end === -1 && char !== marker) end = loop[index + 1] ?? -1;
    if (end === -1 && char === marker) end = pairedUnitEnd(text, marker, strong, index, nextMarker, loop);
    units[index] = end;
    loop[index] = closes(text, marker, strong, index) ? index + (strong ? 2 : 1) : end;
  }
  return { matchEnd: units };
}

/** The third unit: `**…**` inside emphasis (content ≥ 1 for `*`, ≥ 0 for `_`), `*…*` / `_…_` inside strong. */
function pairedUnitEnd(
  text: string,
  marker: string,
  strong: boolean,
  index: number,
  nextMarker: Int32Array,
  loop: Int32Array,
): number {
  if (strong) {
    const close = nextMarker[index + 1] ?? text.length;
    return close < text.length ? (loop[close + 1] ?? -1) : -1;
  }
  if (text.charAt(index + 1) !== marker) return -1;
  const close = nextMarker[index + 2] ?? text.length;
  if (close >= text.length || text.charAt(close + 1) !== marker) return -1;
  if (marker === '*' && close === index + 2) return -1;
  return loop[close + 2] ?? -1;
}

function closes(text: string, marker: string, strong: boolean, index: number): boolean {
  const after = index + (strong ? 2 : 1);
  if (text.charAt(index) !== marker || (strong && text.charAt(index + 1) !== marker)) return false;
  if (text.charAt(after) === marker) return false;
  return marker !== '_' || strong || !WORD_START.test(text.slice(after, after + 2));
}
