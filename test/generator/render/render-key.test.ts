// The render cache key tells apart every pair of inputs that could render differently.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ContentJob } from '../../../generator/render/content-bodies.ts';
import { renderKey } from '../../../generator/render/render-cache.ts';

const SETTINGS = { baseUrl: 'http://localhost', langattr: 'en', headlineAnchors: false, urlSchemes: [] };
const key = (markdown: string | undefined, draftBlocks: string[] | undefined, settings = SETTINGS) =>
  renderKey('fingerprint', settings, { page: '/a', markdown, draftBlocks } satisfies ContentJob);

const keys = suite('render keys');

keys('the same inputs give the same key, whatever the page', () => {
  assert.is(
    key('# A', ['# A']),
    renderKey('fingerprint', SETTINGS, { page: '/other', markdown: '# A', draftBlocks: ['# A'] }),
  );
});

keys('texts moved across the boundaries between markdown and draft blocks give different keys', () => {
  const inputs: Array<[string | undefined, string[] | undefined]> = [
    [undefined, undefined],
    ['', undefined],
    [undefined, []],
    ['', []],
    [undefined, ['']],
    ['ab', undefined],
    ['a', ['b']],
    [undefined, ['a', 'b']],
    [undefined, ['ab']],
    [undefined, ['a', '', 'b']],
    ['1:a', undefined],
    [undefined, ['1:a']],
    ['a\ud800', undefined],
    ['a\ufffd', undefined],
  ];
  const all = inputs.map(([markdown, draft]) => key(markdown, draft));
  assert.is(new Set(all).size, inputs.length);
});

keys('other render settings or another renderer give another key', () => {
  assert.is.not(key('x', undefined), key('x', undefined, { ...SETTINGS, headlineAnchors: true }));
  assert.is.not(
    key('x', undefined),
    renderKey('other', SETTINGS, { page: '/a', markdown: 'x', draftBlocks: undefined }),
  );
});

keys.run();
