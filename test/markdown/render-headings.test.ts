// Typemill's headings and [TOC]: ids from the whole line, no-space form, anchors, and which headings the TOC knows.

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderBlocks } from '../../generator/markdown/render.ts';
import { OPTIONS, renderOne } from './render-helpers.ts';

const headings = suite('ATX headings');

headings('a heading needs no space after the hashes', () => {
  assert.is(renderOne('##Paragraph'), '<h2 id="h-paragraph">Paragraph</h2>');
});

headings('the id is cut at 60 bytes of slug', () => {
  assert.is(
    renderOne('# A very long headline that is definitely longer than sixty characters'),
    '<h1 id="h-a-very-long-headline-that-is-definitely-longer-than-sixty-ch">A very long headline that is definitely longer than sixty characters</h1>',
  );
});

headings('a heading without transliterable letters gets the id h-', () => {
  assert.is(renderOne('## 日本語'), '<h2 id="h-">日本語</h2>');
});

headings('an attribute block after a heading is text and part of the slug', () => {
  assert.is(renderOne('## Title {#custom .cls}'), '<h2 id="h-title-custom-cls">Title {#custom .cls}</h2>');
});

headings('equal headings get equal ids', () => {
  assert.equal(renderBlocks(['## Same', '## Same'], 'md', OPTIONS), [
    '<h2 id="h-same">Same</h2>',
    '<h2 id="h-same">Same</h2>',
  ]);
});

headings('seven hashes are a paragraph', () => {
  assert.is(renderOne('####### seven'), '<p>####### seven</p>');
});

headings('inline markdown in a heading is rendered', () => {
  assert.is(renderOne('### Use *this* `code`'), '<h3 id="h-use-this-code">Use <em>this</em> <code>code</code></h3>');
});

headings.run();

const anchors = suite('headline anchors');

anchors('with headlineanchors, headings of level 2 and deeper get a # link before the text', () => {
  assert.equal(renderBlocks(['# Top', '## Anchor me'], 'md', { ...OPTIONS, headlineAnchors: true }), [
    '<h1 id="h-top">Top</h1>',
    '<h2 id="h-anchor-me"><a href="#h-anchor-me" class="tm-heading-anchor">#</a>Anchor me</h2>',
  ]);
});

anchors.run();

const toc = suite('[TOC]');

toc('from a .md file a leading [TOC] knows every ATX heading of the page', () => {
  const html = renderBlocks(['[TOC]', '# Top', '## Sub'], 'md', OPTIONS);
  assert.is(
    html[0],
    '<ul class="TOC"><li class="h1"><a href="#h-top">Top</a><ul><li class="h2"><a href="#h-sub">Sub</a></li></ul></ul>',
  );
});

toc('from a .txt draft a leading [TOC] knows no heading yet', () => {
  assert.equal(renderBlocks(['[TOC]', '# Top'], 'txt', OPTIONS), ['<ul class="TOC"></ul>', '<h1 id="h-top">Top</h1>']);
});

toc('from a .txt draft [TOC] lists the headings of earlier blocks', () => {
  assert.is(
    renderBlocks(['# Top', '[TOC]', '## Later'], 'txt', OPTIONS)[1],
    '<ul class="TOC"><li class="h1"><a href="#h-top">Top</a></ul>',
  );
});

toc('the TOC repeats the heading text raw while the heading escapes it', () => {
  assert.equal(renderBlocks(['## A & <b>', '[TOC]'], 'md', OPTIONS), [
    '<h2 id="h-a-b">A &amp; &lt;b&gt;</h2>',
    '<ul class="TOC"><ul><li class="h2"><a href="#h-a-b">A & <b></a></li></ul></ul>',
  ]);
});

toc('setext headings and repeated ids are left out of the TOC', () => {
  const html = renderBlocks(['Setext\n======', '# Top', '# Top', '[TOC]'], 'md', OPTIONS);
  assert.is(html[3], '<ul class="TOC"><li class="h1"><a href="#h-top">Top</a></ul>');
});

toc.run();
