// Random differential run (needs PHP, not part of npm test): random pages from markdown fragments, rendered by the real
// Typemill stack (regenerate.php --stdin) and by snapi; prints the count and writes differences to a JSON file.
// Usage: npx tsx test/markdown/parsedown-corpus/differential-fuzz.ts <reference-dir> [seed] [pages] [out.json]

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderBlocks } from '../../../generator/markdown/render.ts';
import { splitBlocks } from '../../../generator/markdown/split-blocks.ts';
import { createRandom, type Random } from '../../bench/prng.ts';
import { OPTIONS } from '../render-helpers.ts';

const LINE_STARTS = [
  '',
  '',
  '',
  '- ',
  '* ',
  '1. ',
  '2) ',
  '10. ',
  '  - ',
  '    - ',
  '    1. ',
  '> ',
  '> > ',
  '# ',
  '## ',
  '####### ',
  '    ',
  '  ',
  '\t- ',
  '! ',
  '!! ',
  '!',
  ': ',
  ':',
  '| ',
  '|a|b|',
  '|---|---|',
  ':--|--:',
  '[^1]: ',
  '[r]: ',
  '*[HTML]: ',
  '```',
  '```js',
  '~~~',
  '$$',
  '\\[',
  '---',
  '***',
  '===',
  '=',
  '[TOC]',
  '![a](media/x.png)',
  '[:v :]',
];
const FRAGMENTS = [
  'a',
  'b c',
  ' ',
  '  ',
  '\t',
  '*',
  '**',
  '_',
  '__',
  '~~',
  '`',
  '``',
  '[',
  ']',
  '(',
  ')',
  '![',
  '<',
  '>',
  '&',
  '&amp;',
  '\\',
  '\\*',
  '$',
  '$$',
  '\\(',
  '\\)',
  '$π$',
  'http://x.org',
  'https://y.org/p_q',
  ':',
  '"',
  "'",
  '{',
  '}',
  '{.c}',
  '{#i}',
  '[:x :]',
  '[^1]',
  '[r]',
  '[a]',
  'HTML',
  '|',
  '#',
  '!',
  '=',
  '^',
  'é',
  '_é',
  '€',
  '😀',
  '\u00a0',
  '1.',
  '-',
  '(/a)',
  '(media/b.png)',
  '](http://z.org)',
  '[b](http://q.org)',
  '_x_',
  '**y**',
  '`z`',
  '"t"',
];

function randomPage(random: Random): string {
  const lines: string[] = [];
  const lineCount = random.int(1, 8);
  for (let lineIndex = 0; lineIndex < lineCount; lineIndex++) {
    if (random.chance(0.25)) {
      lines.push('');
      continue;
    }
    let line = random.pick(LINE_STARTS);
    const fragmentCount = random.int(0, 5);
    for (let fragment = 0; fragment < fragmentCount; fragment++) line += random.pick(FRAGMENTS);
    lines.push(line);
  }
  return lines.join('\n');
}

const [referenceDir, seedText = '1', countText = '2000', outFile = 'differential-fuzz-failures.json'] =
  process.argv.slice(2);
if (referenceDir === undefined) {
  console.error(
    'usage: npx tsx test/markdown/parsedown-corpus/differential-fuzz.ts <reference-dir> [seed] [pages] [out.json]',
  );
  process.exit(2);
}
const random = createRandom(Number(seedText));
const pages = Array.from({ length: Number(countText) }, () => randomPage(random)).filter((page) => page.trim() !== '');
const harness = fileURLToPath(new URL('./regenerate.php', import.meta.url));
const reference = JSON.parse(
  execFileSync('php', [harness, referenceDir, '--stdin'], {
    input: JSON.stringify(pages),
    maxBuffer: 1 << 28,
    stdio: ['pipe', 'pipe', 'ignore'],
  }).toString(),
) as Array<Array<{ markdown: string; html: string }>>;

const differences = pages.flatMap((page, index) => {
  const expected = reference[index] ?? [];
  const expectedBlocks = expected.map((block) => block.markdown);
  const blocks = splitBlocks(page);
  const html = renderBlocks(expectedBlocks, 'md', OPTIONS);
  const same =
    JSON.stringify(blocks) === JSON.stringify(expectedBlocks) &&
    JSON.stringify(html) === JSON.stringify(expected.map((block) => block.html));
  return same ? [] : [{ page, expected, blocks, html }];
});
writeFileSync(outFile, JSON.stringify(differences, null, 1));
console.log(
  `${pages.length} random pages, ${differences.length} differ${differences.length > 0 ? ` (see ${outFile})` : ''}`,
);
