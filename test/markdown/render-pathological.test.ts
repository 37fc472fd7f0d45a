// Pathological markdown (test/markdown/pathological-inputs.ts) renders to its exact HTML at 20,000 repetitions (or
// the family's own size): a renderer that backtracks or rereads the line per marker would not finish within the suite.
// Small sizes of every family are in the PHP-rendered corpus (parsedown-corpus/cases.txt, pathological-NN).

import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderBlocks } from '../../generator/markdown/render.ts';
import { splitBlocks } from '../../generator/markdown/split-blocks.ts';
import { PATHOLOGICAL_CASES } from './pathological-inputs.ts';
import { OPTIONS } from './render-helpers.ts';

const MODERATE = 20_000;

function render(markdown: string): string[] {
  return renderBlocks(splitBlocks(markdown), 'md', OPTIONS);
}

function input(name: string, size: number): string {
  const found = PATHOLOGICAL_CASES.find((pathological) => pathological.name === name);
  if (found === undefined) throw new Error(`no pathological case "${name}"`);
  return found.make(size);
}

const nested = (depth: number, open: string, close: string, inner: string) =>
  open.repeat(depth) + inner + close.repeat(depth);

/** Families whose HTML is easy to write down: the input as text, or a simple repetition. Typemill renders the same
 *  bytes, except for the quotes beyond 100 levels (markdown-fidelity.md) and the backticks, where it runs for minutes.
 *  */
const SPELLED_OUT: ReadonlyArray<readonly [name: string, size: number, html: (size: number) => string[]]> = [
  ['many emph openers with no closers', MODERATE, (n) => [`<p>${'_a '.repeat(n)}</p>`]],
  ['many emph closers with no openers', MODERATE, (n) => [`<p>${'a<em> a</em> '.repeat(n / 2)}</p>`]],
  ['many link closers with no openers', MODERATE, (n) => [`<p>${'a]'.repeat(n)}</p>`]],
  ['many link openers with no closers', MODERATE, (n) => [`<p>${'[a'.repeat(n)}</p>`]],
  ['pattern [ (]( repeated', MODERATE, (n) => [`<p>${'[ (]('.repeat(n)}</p>`]],
  ['pattern ![[]() repeated', MODERATE, (n) => [`<figure>${'![[]()'.repeat(n)}</figure>`]],
  ['hard link/emph case', 1, () => ['<p>*<em>x [a</em>b*<em>c</em>](d)</p>']],
  ['nested brackets', MODERATE, (n) => [`<p>${nested(n, '[', ']', 'a')}</p>`]],
  ['U+0000 in input', 1, () => ['<p>abc\u0000de\u0000</p>']],
  ['backticks', 2500, (n) => [`<p>${input('backticks', n)}</p>`]],
  ['unclosed links A', MODERATE, (n) => [`<p>${'[a](&lt;b'.repeat(n)}</p>`]],
  ['unclosed links B', MODERATE, (n) => [`<p>${'[a](b'.repeat(n)}</p>`]],
  ['unclosed <!--', MODERATE, (n) => [`<p>&lt;/${'&lt;!--'.repeat(n)}</p>`]],
  ['link destination never closes', MODERATE, (n) => [`<p>[a](${'b'.repeat(n)}</p>`]],
  ['image destination never closes', MODERATE, (n) => [`<figure>![a](${'b'.repeat(n)}</figure>`]],
  ['angle-bracket destination full of escapes', MODERATE, (n) => [`<p>[a](&lt;${'&lt;'.repeat(n)}</p>`]],
  ['strikethrough never closes', MODERATE, (n) => [`<p>${'~~a '.repeat(n)}</p>`]],
  ['entities never closed', MODERATE, (n) => [`<p>${'&amp;a'.repeat(n)}</p>`]],
  ['long run of spaces', MODERATE, (n) => [`<p>x${' '.repeat(n)}y\nz<br />\nw</p>`]],
  [
    'unmatched footnote markers',
    MODERATE,
    (n) => [`<p>${'[^x'.repeat(n)}</p>`, '\n<div class="footnotes">\n<hr />\n<ol>\n</ol>\n</div>'],
  ],
  [
    'nested block quotes',
    MODERATE,
    (n) => [
      `${'<blockquote>\n'.repeat(99)}<blockquote>${'&gt; '.repeat(n - 100)}a</blockquote>${'\n</blockquote>'.repeat(99)}`,
    ],
  ],
];

/** The rest by SHA-256 of their blocks' HTML joined by blank lines. `Typemill`: PHP renders exactly these bytes;
 *  `snapi`: Typemill nests without limit (and fails on some of them), snapi stops at 100 levels (markdown-fidelity.md).
 *  */
const DIGESTS: ReadonlyArray<
  readonly [name: string, size: number, characters: number, sha256: string, same: 'Typemill' | 'snapi']
> = [
  ['nested strong emph', MODERATE, 546681, '46af2cc5cd34c7e2', 'Typemill'],
  ['mismatched openers and closers', MODERATE, 173338, '32e9215944c55134', 'Typemill'],
  ['issue #389', MODERATE, 370007, 'c4d3b97b69b645ad', 'Typemill'],
  ['openers and closers multiple of 3', MODERATE, 130011, '1dc6dd18f2334153', 'Typemill'],
  ['link openers and emph closers', MODERATE, 150007, 'b44b38007991c509', 'Typemill'],
  ['reference collisions', MODERATE, 299983, '63337b574de81d56', 'Typemill'],
  ['attribute block never closes', MODERATE, 60097, '88d946b5dfd67e65', 'Typemill'],
  ['deeply nested lists', 500, 163399, 'dedcf3ff6234f52a', 'snapi'],
  ['empty lines in deeply nested lists', MODERATE, 41999, '204ce00f42dbcb6f', 'snapi'],
  ['empty lines in deeply nested lists in blockquote', MODERATE, 42006, 'e8ed5c1d6165360c', 'snapi'],
  ['emph in deep blockquote', MODERATE, 122298, 'c6fd05f2b6570b83', 'snapi'],
  ['nested inlines', MODERATE, 42582, 'c0f074b8cd2de44e', 'snapi'],
  ['nested lists followed by blank lines', 1000, 814899, 'af405f94e32cb59e', 'snapi'],
];

const pathological = suite('pathological markdown');

pathological('every family is checked here', () => {
  const checked = [...SPELLED_OUT.map(([name]) => name), ...DIGESTS.map(([name]) => name)].sort();
  assert.equal(checked, PATHOLOGICAL_CASES.map((pathological) => pathological.name).sort());
});

for (const [name, size, html] of SPELLED_OUT) {
  pathological(`${name}, size ${size}`, () => {
    assert.equal(render(input(name, size)), html(size));
  });
}

for (const [name, size, characters, sha256, same] of DIGESTS) {
  pathological(`${name}, size ${size} (the HTML ${same} renders)`, () => {
    const html = render(input(name, size)).join('\n\n');
    assert.is(html.length, characters);
    assert.is(createHash('sha256').update(html).digest('hex').slice(0, 16), sha256);
  });
}

pathological('small sizes, as Typemill renders them', () => {
  assert.equal(render(input('nested strong emph', 3)), [
    '<p>*a <strong>a *a *<em>a </em>a </strong>a b a<strong> a* a*<em> a</em> a</strong> a*</p>',
  ]);
  assert.equal(render(input('issue #389', 3)), ['<p><em>a </em>a <em>a _a</em>_ <em>a*</em> <em>a*</em> </p>']);
  assert.equal(render(input('emph in deep blockquote', 3)), [
    '<blockquote>\n<blockquote>\n<blockquote>\n<p>a<em>a</em>a*</p>\n</blockquote>\n</blockquote>\n</blockquote>',
  ]);
  assert.equal(render(input('reference collisions', 3)), ['', '<p>[x8]</p>', '', '<p>[x8]</p>']);
  assert.equal(render(input('attribute block never closes', 3)), [
    '<p><a href="b">a</a>{aaa</p>',
    '<figure><img src="b" alt="a" loading="lazy" />{aaa</figure>',
    '<h1>c {aaa</h1>',
  ]);
});

pathological.run();
