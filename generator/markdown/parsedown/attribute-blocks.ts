// Where a Typemill attribute block `{#id .class key=value}` that opens at a position ends, for every position of a
// text at once, from its end backwards. The pattern, {((?:[#.][-\w:\\]+[ ]*|[-\w:\\]+(?:=(?:["'][^\n]*?["']|
// [^\s]+)?)?[ ]*)+)}, has nested quantifiers without possessive ones: a `{` that never closes made it backtrack
// exponentially (PCRE gives up at its backtracking limit). A position's outcome does not depend on how it was reached,
// so each is computed once, in the order the pattern tries its alternatives.

const SPACE = ' \t\n\x0B\f\r';

/** [-\w:\\]: ASCII letters, digits, `_`, `-`, `:` and backslash. */
function isWord(char: string): boolean {
  const code = char.charCodeAt(0);
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x3a) ||
    code === 0x5f ||
    code === 0x2d ||
    code === 0x5c
  );
}

/**
 * For each position p: the index after the closing `}` when one or more attributes start at p, else -1.
 * `closingEndsText`: the `}` must be followed by nothing but spaces (the setext heading pattern ends in `[ ]*$`).
 */
export function attributeBlockEnds(text: string, closingEndsText: boolean): Int32Array {
  const length = text.length;
  const attributes = new Int32Array(length + 2).fill(-1);
  // afterAttributes[p]: the pattern's loop at p, another attribute or the closing `}`
  const loop = new Int32Array(length + 2).fill(-1);
  const nonSpace = new Int32Array(length + 2).fill(length);
  const wordEnd = new Int32Array(length + 2).fill(length);
  const valueEnd = new Int32Array(length + 2).fill(length);
  // firstQuote[i]: the first quote at or after i on the line after which the pattern goes on to succeed
  const firstQuote = new Int32Array(length + 2).fill(-1);
  // lastInValue[i]: the last position at or after i, in the same run without whitespace, where the loop succeeds
  const lastInValue = new Int32Array(length + 2).fill(-1);
  const loopAfterSpaces = (index: number) => loop[nonSpace[index] ?? length] ?? -1;

  const afterWord = (end: number): number => {
    if (text.charAt(end) === '=') {
      const quote = text.charAt(end + 1);
      if (quote === '"' || quote === "'") {
        const close = firstQuote[end + 2] ?? -1;
        if (close !== -1) return loopAfterSpaces(close + 1);
      }
      if (end + 1 < length && !SPACE.includes(text.charAt(end + 1))) {
        const whole = loopAfterSpaces(valueEnd[end + 1] ?? length);
        if (whole !== -1) return whole;
        const shorter = end + 2 < (valueEnd[end + 1] ?? length) ? (lastInValue[end + 2] ?? -1) : -1;
        if (shorter !== -1) return loop[shorter] ?? -1;
      }
      const bare = loopAfterSpaces(end + 1);
      if (bare !== -1) return bare;
    }
    return loopAfterSpaces(end);
  };

  for (let index = length - 1; index >= 0; index--) {
    const char = text.charAt(index);
    nonSpace[index] = char === ' ' ? (nonSpace[index + 1] ?? length) : index;
    wordEnd[index] = isWord(char) ? (wordEnd[index + 1] ?? length) : index;
    valueEnd[index] = SPACE.includes(char) ? index : (valueEnd[index + 1] ?? length);

    let end = -1;
    if (char === '#' || char === '.') {
      const word = wordEnd[index + 1] ?? length;
      if (word > index + 1) {
        end = loopAfterSpaces(word);
        if (end === -1 && word - (index + 1) >= 2) end = afterWord(word);
      }
    } else if (isWord(char)) {
      end = afterWord(wordEnd[index] ?? length);
    }
    attributes[index] = end;
    const closes = char === '}' && (!closingEndsText || (nonSpace[index + 1] ?? length) === length);
    loop[index] = end !== -1 ? end : closes ? index + 1 : -1;

    const isQuote = char === '"' || char === "'";
    firstQuote[index] =
      char === '\n' ? -1 : isQuote && loopAfterSpaces(index + 1) !== -1 ? index : (firstQuote[index + 1] ?? -1);
    const inRun = !SPACE.includes(char);
    const later = inRun && index + 1 < (valueEnd[index] ?? length) ? (lastInValue[index + 1] ?? -1) : -1;
    lastInValue[index] = !inRun ? -1 : later !== -1 ? later : (loop[index] ?? -1) !== -1 ? index : -1;
  }
  return attributes;
}

/** The attribute block `[ ]*{…}` that starts at `from` (spaces, then `{`): its end and the text inside, or undefined.
 *  */
export function attributeBlockAt(
  text: string,
  ends: Int32Array,
  from: number,
): { end: number; inner: string } | undefined {
  let open = from;
  while (text.charAt(open) === ' ') open++;
  if (text.charAt(open) !== '{') return undefined;
  const end = ends[open + 1] ?? -1;
  return end === -1 ? undefined : { end, inner: text.slice(open + 1, end - 1) };
}

/** The leftmost attribute block anywhere in the text: where its spaces start, its end and the text inside. */
export function firstAttributeBlock(
  text: string,
  closingEndsText: boolean,
): { start: number; end: number; inner: string } | undefined {
  if (!text.includes('{')) return undefined;
  const ends = attributeBlockEnds(text, closingEndsText);
  for (let open = text.indexOf('{'); open !== -1; open = text.indexOf('{', open + 1)) {
    const end = ends[open + 1] ?? -1;
    if (end === -1) continue;
    let start = open;
    while (start > 0 && text.charAt(start - 1) === ' ') start--;
    return { start, end, inner: text.slice(open + 1, end - 1) };
  }
  return undefined;
}
