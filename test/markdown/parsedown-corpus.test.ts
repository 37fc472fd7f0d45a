// The differential corpus: every case's blocks and HTML must equal what Typemill 2.10's Parsedown stack produced
// (cases.json).

import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderBlocks } from '../../generator/markdown/render.ts';
import { splitBlocks } from '../../generator/markdown/split-blocks.ts';
import { OPTIONS } from './render-helpers.ts';

interface CorpusCase {
  id: string;
  title: string;
  source: 'md' | 'txt';
  settings: { headlineAnchors: boolean; urlSchemes: string[] };
  markdown: string;
  blocks: Array<{ markdown: string; html: string }>;
}

const CASES_FILE = new URL('./parsedown-corpus/cases.json', import.meta.url);
const cases = JSON.parse(readFileSync(CASES_FILE, 'utf8')) as CorpusCase[];

const corpus = suite('parsedown differential corpus');

corpus('holds at least 400 cases with unique ids', () => {
  assert.ok(cases.length >= 400, `only ${cases.length} cases`);
  assert.is(new Set(cases.map((corpusCase) => corpusCase.id)).size, cases.length);
});

for (const corpusCase of cases) {
  const firstLine = corpusCase.markdown.split('\n', 1)[0] ?? '';
  corpus(`${corpusCase.id} ${firstLine}`, () => {
    const expectedBlocks = corpusCase.blocks.map((block) => block.markdown);
    const blocks = corpusCase.source === 'md' ? splitBlocks(corpusCase.markdown) : expectedBlocks;
    assert.equal(blocks, expectedBlocks, 'blocks');
    const options = { ...OPTIONS, ...corpusCase.settings };
    assert.equal(
      renderBlocks(blocks, corpusCase.source, options),
      corpusCase.blocks.map((block) => block.html),
      'html',
    );
  });
}

corpus.run();
