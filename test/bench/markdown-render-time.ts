// Times splitting + rendering markdown pages (no disk writes, no cache): the sample and fixture sites' pages and
// generated benchmark pages. Usage: npx tsx test/bench/markdown-render-time.ts [generated pages] [rounds]

import { readFileSync } from 'node:fs';
import fastGlob from 'fast-glob';
import { renderBlocks } from '../../generator/markdown/render.ts';
import { splitBlocks } from '../../generator/markdown/split-blocks.ts';
import { OPTIONS } from '../markdown/render-helpers.ts';
import { pageMarkdown } from './page-text.ts';
import { createRandom } from './prng.ts';

const [pageCountText = '2000', roundsText = '1'] = process.argv.slice(2);
const root = new URL('../../', import.meta.url).pathname;
const sitePages = fastGlob
  .sync(['content/**/*.md', 'test/fixtures/site/content/**/*.md'], { cwd: root })
  .map((path) => readFileSync(`${root}${path}`, 'utf8'));
const random = createRandom(7);
const generated = Array.from({ length: Number(pageCountText) }, (_, index) =>
  pageMarkdown(random, `Page ${index}`, 4000, ['/a', '/b']),
);

for (const [name, pages] of [
  ['sample + fixture sites', sitePages],
  ['generated pages', generated],
] as const) {
  const rounds = Number(roundsText);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let blockCount = 0;
  for (let round = 0; round < rounds; round++) {
    for (const page of pages) {
      const blocks = splitBlocks(page);
      blockCount += blocks.length;
      renderBlocks(blocks, 'md', OPTIONS);
    }
  }
  const milliseconds = (performance.now() - started) / rounds;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuMilliseconds = (cpu.user + cpu.system) / 1000 / rounds;
  console.log(
    `${name}: ${pages.length} pages, ${blockCount / rounds} blocks, ${milliseconds.toFixed(0)} ms wall, ${cpuMilliseconds.toFixed(0)} ms CPU per round (split + render)`,
  );
}
