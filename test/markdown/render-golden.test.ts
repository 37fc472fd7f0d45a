// Golden strings from the real Typemill, rendered block by block
// (docs/typemill.md: Rendered HTML is checked against strings from the real Typemill).

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderBlocks } from '../../generator/markdown/render.ts';
import { OPTIONS, renderOne } from './render-helpers.ts';

const golden = suite('appendix B golden strings');

golden('an ATX heading with closing hashes gets the slug of the whole line and escapes & but not quotes', () => {
  assert.is(renderOne('## Über uns & "Quotes" ##'), '<h2 id="h-uber-uns-quotes">Über uns &amp; "Quotes"</h2>');
});

golden('[TOC] lists a one-level-deeper heading inside the previous item', () => {
  const html = renderBlocks(['# Top', '## Sub Head', '[TOC]'], 'md', OPTIONS);
  assert.is(
    html[2],
    '<ul class="TOC"><li class="h1"><a href="#h-top">Top</a><ul><li class="h2"><a href="#h-sub-head">Sub Head</a></li></ul></ul>',
  );
});

golden('[TOC] reproduces the unbalanced markup for levels going up and down', () => {
  const html = renderBlocks(['## Title', '# H1', '### H3', '# Back', '[TOC]'], 'md', OPTIONS);
  assert.is(
    html[4],
    '<ul class="TOC"><ul><li class="h2"><a href="#h-title">Title</a></li></ul><li class="h1"><a href="#h-h1">H1</a><ul><li class="h3"><a href="#h-h3">H3</a></li></ul></li><li class="h1"><a href="#h-back">Back</a></ul>',
  );
});

golden('a setext heading gets no id', () => {
  assert.is(renderOne('Setext Heading\n=============='), '<h1>Setext Heading</h1>');
});

golden('a list split from "- item one\\n\\n- item two" renders as a tight list', () => {
  assert.is(renderOne('- item one\n- item two'), '<ul>\n<li>item one</li>\n<li>item two</li>\n</ul>');
});

golden('a table is wrapped in div.tm-table and aligned with style="text-align: …;"', () => {
  assert.is(
    renderOne('| Left | Center | Right |\n|:-----|:------:|------:|\n| a | b | c |'),
    '<div class="tm-table"><table>\n<thead>\n<tr>\n' +
      '<th style="text-align: left;">Left</th>\n<th style="text-align: center;">Center</th>\n<th style="text-align: right;">Right</th>\n' +
      '</tr>\n</thead>\n<tbody>\n<tr>\n' +
      '<td style="text-align: left;">a</td>\n<td style="text-align: center;">b</td>\n<td style="text-align: right;">c</td>\n' +
      '</tr>\n</tbody>\n</table></div>',
  );
});

golden('an inline video shortcode for a missing file says File not found inside the paragraph', () => {
  assert.is(
    renderOne('Text with [:video path="nope.mp4" :] inline'),
    '<p>Text with <p style="color:red">File not found</p> inline</p>',
  );
});

golden('a media link is made absolute and takes a class and a flag attribute', () => {
  assert.is(
    renderOne('[Download link (PNG)](media/files/markdown.png){.tm-download file-png}'),
    '<p><a href="http://localhost/typemill/media/files/markdown.png" class="tm-download" file-png="file-png">Download link (PNG)</a></p>',
  );
});

golden('a $$ block becomes div.math with the delimiters kept', () => {
  assert.is(renderOne('$$\nx = y\n$$'), '<div class="math">$$\nx = y\n$$</div>');
});

golden('one-letter inline math is replaced by the next two-letter match', () => {
  assert.is(renderOne('inline $x$ math and $ab$ too'), '<p>inline \\(ab\\)math and \\(ab\\) too</p>');
});

golden('an unclosed fence at the end keeps the newline after the opener', () => {
  assert.is(renderOne('```\nunclosed fence'), '<pre><code>\nunclosed fence</code></pre>');
});

golden.run();

const isolation = suite('blocks rendered in isolation');

isolation('raw HTML is escaped as text in safe mode, quotes kept', () => {
  assert.is(renderOne('<div class="x">raw</div>'), '<p>&lt;div class="x"&gt;raw&lt;/div&gt;</p>');
});

isolation('a footnote reference stays literal and a reference link without definition stays text', () => {
  assert.is(renderOne('footnotes[^1] and [ref] here'), '<p>footnotes[^1] and [ref] here</p>');
});

isolation('a footnote definition block renders the empty footnotes list', () => {
  assert.is(renderOne('[^1]: The footnote text.'), '\n<div class="footnotes">\n<hr />\n<ol>\n</ol>\n</div>');
});

isolation('abbreviation and link reference definitions render nothing', () => {
  assert.equal(
    renderBlocks(['*[HTML]: Hyper Text Markup Language', '[ref]: https://typemill.net "Typemill"'], 'md', OPTIONS),
    ['', ''],
  );
});

isolation.run();
