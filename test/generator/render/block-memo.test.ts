// The block memo renders exactly what renderBlocks renders, whatever order and state the blocks meet it in.
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { memoisedBlockRenderer } from '../../../generator/render/block-memo.ts';
import { renderBlocks, type RenderOptions } from '../../../generator/markdown/render.ts';
import { splitBlocks } from '../../../generator/markdown/split-blocks.ts';
import { OPTIONS } from '../../markdown/render-helpers.ts';

interface CorpusCase {
  id: string;
  source: 'md' | 'txt';
  settings: { headlineAnchors: boolean; urlSchemes: string[] };
  blocks: Array<{ markdown: string; html: string }>;
}

const cases = JSON.parse(
  readFileSync(new URL('../../markdown/parsedown-corpus/cases.json', import.meta.url), 'utf8'),
) as CorpusCase[];

const corpus = suite('block memo over the differential corpus');

corpus(
  'renders every case as Typemill did, then the same blocks as the other source, reversed and twice in a row',
  () => {
    for (const corpusCase of cases) {
      const options = { ...OPTIONS, ...corpusCase.settings };
      const blocks = corpusCase.blocks.map((block) => block.markdown);
      const render = memoisedBlockRenderer();
      assert.equal(
        render(blocks, corpusCase.source, options),
        corpusCase.blocks.map((block) => block.html),
        corpusCase.id,
      );
      const other = corpusCase.source === 'md' ? 'txt' : 'md';
      for (const [source, variant] of [
        [other, blocks],
        [corpusCase.source, [...blocks].reverse()],
        [other, [...blocks, ...blocks]],
      ] as const) {
        assert.equal(
          render(variant, source, options),
          renderBlocks(variant, source, options),
          `${corpusCase.id} as ${source}`,
        );
      }
    }
  },
);

corpus.run();

const state = suite('block memo and page state');
const page = (markdown: string) => splitBlocks(markdown);

function renderedTwice(live: readonly string[], draft: readonly string[], options: RenderOptions = OPTIONS) {
  const render = memoisedBlockRenderer();
  return { live: render(live, 'md', options), draft: render(draft, 'txt', options) };
}

state("a footnote block replayed after a draft adds an earlier footnote gets the draft's numbers", () => {
  const live = ['Text with a note[^a].\n\n[^a]: The note.'];
  const draft = ['First[^b] note.\n\n[^b]: Earlier.', ...live];
  const both = renderedTwice(live, draft);
  assert.equal(both.live, renderBlocks(live, 'md', OPTIONS));
  assert.equal(both.draft, renderBlocks(draft, 'txt', OPTIONS));
  assert.ok(both.live[0]?.includes('>1</a></sup>') && both.draft[1]?.includes('>2</a></sup>'), both.draft[1]);
});

state('a [TOC] block lists the headings of its own body, not those of the body rendered before', () => {
  const live = page('# Title\n\n[TOC]\n\n## Live only\n\nText.');
  const draft = ['# Title', '[TOC]', '## Draft only'];
  const both = renderedTwice(live, draft);
  assert.equal(both.live, renderBlocks(live, 'md', OPTIONS));
  assert.equal(both.draft, renderBlocks(draft, 'txt', OPTIONS));
  assert.ok(both.live[1]?.includes('h-live-only') && !both.draft[1]?.includes('h-live-only'));
});

state(
  'a heading known in live (registered while splitting) and unknown in draft renders the same, and the draft [TOC] still sees it',
  () => {
    const live = page('## Setup\n\nText.\n\n## Setup\n\nAgain.');
    const draft = ['## Setup', 'Text.', '[TOC]'];
    const both = renderedTwice(live, draft);
    assert.equal(both.live, renderBlocks(live, 'md', OPTIONS));
    assert.equal(both.draft, renderBlocks(draft, 'txt', OPTIONS));
  },
);

state('a replayed video shortcode asks for its files again, so the caller records every probe', () => {
  const asked: string[] = [];
  const options = { ...OPTIONS, fileExists: (path: string) => (asked.push(path), OPTIONS.fileExists(path)) };
  const block = '[:video path="media/files/intro.mp4" :]';
  const both = renderedTwice([block], [block], options);
  assert.equal(both.draft, both.live);
  assert.equal(asked, ['media/files/intro.mp4', 'media/files/intro.mp4']);
});

state('a replayed block is rendered afresh when a file it probed appeared since', () => {
  const present = new Set<string>();
  const options = { ...OPTIONS, fileExists: (path: string) => present.has(path) };
  const render = memoisedBlockRenderer();
  const block = '[:video path="media/files/new.mp4" :]';
  const before = render([block], 'md', options);
  present.add('media/files/new.mp4');
  assert.equal(render([block], 'txt', options), renderBlocks([block], 'txt', options));
  assert.not.equal(render([block], 'txt', options), before);
});

state.run();
