// Markdown that makes backtracking parsers explode: cmark's pathological suite (commonmark/cmark
// test/pathological_tests.py, inputs reproduced at its sizes) and inputs that hung a real build (links, images and
// attribute blocks that never close, and more), each a function of its size.

export interface PathologicalCase {
  name: string;
  /** The page's markdown for `size` repetitions (or nesting levels, or characters). */
  make: (size: number) => string;
  /** The size cmark's suite uses, or for the issue's families one far beyond where a backtracking parser stops. */
  fullSize: number;
}

const repeat = (text: string, count: number): string => text.repeat(count);
const range = (count: number): number[] => Array.from({ length: count }, (_, index) => index);

export const CMARK_CASES: readonly PathologicalCase[] = [
  { name: 'nested strong emph', make: (n) => `${repeat('*a **a ', n)}b${repeat(' a** a*', n)}`, fullSize: 32_500 },
  { name: 'many emph closers with no openers', make: (n) => repeat('a_ ', n), fullSize: 32_500 },
  { name: 'many emph openers with no closers', make: (n) => repeat('_a ', n), fullSize: 32_500 },
  { name: 'many link closers with no openers', make: (n) => repeat('a]', n), fullSize: 32_500 },
  { name: 'many link openers with no closers', make: (n) => repeat('[a', n), fullSize: 32_500 },
  { name: 'mismatched openers and closers', make: (n) => repeat('*a_ ', n), fullSize: 25_000 },
  { name: 'issue #389', make: (n) => repeat('*a ', n) + repeat('_a*_ ', n), fullSize: 20_000 },
  { name: 'openers and closers multiple of 3', make: (n) => `a**b${repeat('c* ', n)}`, fullSize: 25_000 },
  { name: 'link openers and emph closers', make: (n) => repeat('[ a_', n), fullSize: 25_000 },
  { name: 'pattern [ (]( repeated', make: (n) => repeat('[ (](', n), fullSize: 40_000 },
  { name: 'pattern ![[]() repeated', make: (n) => repeat('![[]()', n), fullSize: 160_000 },
  { name: 'hard link/emph case', make: () => '**x [a*b**c*](d)', fullSize: 1 },
  { name: 'nested brackets', make: (n) => `${repeat('[', n)}a${repeat(']', n)}`, fullSize: 25_000 },
  { name: 'nested block quotes', make: (n) => `${repeat('> ', n)}a`, fullSize: 25_000 },
  {
    name: 'deeply nested lists',
    make: (n) =>
      range(n)
        .map((level) => `${repeat('  ', level)}* a\n`)
        .join(''),
    fullSize: 500,
  },
  { name: 'U+0000 in input', make: () => 'abc\u0000de\u0000', fullSize: 1 },
  {
    name: 'backticks',
    make: (n) =>
      range(n - 1)
        .map((index) => `e${repeat('`', index + 1)}`)
        .join(''),
    fullSize: 2_500,
  },
  { name: 'unclosed links A', make: (n) => repeat('[a](<b', n), fullSize: 30_000 },
  { name: 'unclosed links B', make: (n) => repeat('[a](b', n), fullSize: 30_000 },
  { name: 'unclosed <!--', make: (n) => `</${repeat('<!--', n)}`, fullSize: 300_000 },
  {
    name: 'empty lines in deeply nested lists',
    make: (n) => `${repeat('- ', n)}x${repeat('\n', n)}`,
    fullSize: 30_000,
  },
  {
    name: 'empty lines in deeply nested lists in blockquote',
    make: (n) => `> ${repeat('- ', n)}x\n${repeat('>\n', n)}`,
    fullSize: 30_000,
  },
  { name: 'emph in deep blockquote', make: (n) => repeat('>', n) + repeat('a*', n), fullSize: 100_000 },
  { name: 'reference collisions', make: referenceCollisions, fullSize: 25_000 },
  { name: 'nested inlines', make: (n) => `${repeat('*', n)}a${repeat('*', n)}`, fullSize: 20_000 },
];

export const ISSUE_CASES: readonly PathologicalCase[] = [
  { name: 'link destination never closes', make: (n) => `[a](${repeat('b', n)}`, fullSize: 100_000 },
  { name: 'image destination never closes', make: (n) => `![a](${repeat('b', n)}`, fullSize: 100_000 },
  { name: 'angle-bracket destination full of escapes', make: (n) => `[a](<${repeat('\\<', n)}`, fullSize: 50_000 },
  {
    name: 'nested lists followed by blank lines',
    make: (n) =>
      range(n)
        .map((level) => `${repeat('  ', level)}- a\n`)
        .join('') + repeat('\n', n),
    fullSize: 1_000,
  },
  {
    name: 'attribute block never closes',
    make: (n) => `[a](b){${repeat('a', n)}\n\n![a](b){${repeat('a', n)}\n\nc {${repeat('a', n)}\n===`,
    fullSize: 100_000,
  },
  { name: 'strikethrough never closes', make: (n) => repeat('~~a ', n), fullSize: 50_000 },
  { name: 'entities never closed', make: (n) => repeat('&a', n), fullSize: 50_000 },
  { name: 'long run of spaces', make: (n) => `x${repeat(' ', n)}y\nz${repeat(' ', n)}\nw`, fullSize: 100_000 },
  { name: 'unmatched footnote markers', make: (n) => `${repeat('[^x', n)}\n\n[^x]: note`, fullSize: 30_000 },
];

export const PATHOLOGICAL_CASES: readonly PathologicalCase[] = [...CMARK_CASES, ...ISSUE_CASES];

/** cmark's reference map has 16 buckets; its suite picks labels x0, x1, … whose hash falls into bucket 0. */
function referenceCollisions(count: number): string {
  const keys: string[] = [];
  for (let index = 0; keys.length < count; index++) if (collides(`x${index}`)) keys.push(`x${index}`);
  const [badKey, ...rest] = keys;
  return rest.map((key) => `[${key}]: /url\n\n[${badKey}]\n\n`).join('');
}

function collides(label: string): boolean {
  let hash = 0;
  for (const char of label) hash = (char.charCodeAt(0) + ((hash << 6) >>> 0) + ((hash << 16) >>> 0) - hash) >>> 0;
  return hash % 16 === 0;
}
