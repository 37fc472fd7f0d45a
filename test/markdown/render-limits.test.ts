// Pathological markdown renders without overflowing the stack: nesting beyond 100 levels becomes plain text.

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderOne } from './render-helpers.ts';

const limits = suite('render limits');

function count(html: string, tag: string): number {
  return html.split(tag).length - 1;
}

limits('blockquotes nested 5000 deep stop at 100 levels; the rest of the line is escaped text', () => {
  const html = renderOne(`${'>'.repeat(5000)} x`);
  assert.is(count(html, '<blockquote>'), 100);
  assert.is(count(html, '</blockquote>'), 100);
  assert.ok(html.includes(`<blockquote>${'&gt;'.repeat(4900)} x</blockquote>`));
});

limits('lists nested 300 deep stop at 100 levels', () => {
  const html = renderOne(Array.from({ length: 300 }, (_, level) => `${' '.repeat(level * 2)}- x`).join('\n'));
  assert.is(count(html, '<ul>'), 100);
  assert.is(count(html, '<ul>'), count(html, '</ul>'));
});

limits('a line of 20000 unmatched brackets is text', () => {
  assert.is(renderOne('['.repeat(20000)), `<p>${'['.repeat(20000)}</p>`);
});

limits('brackets nested 12000 deep do not overflow the stack', () => {
  const text = `${'['.repeat(12000)}a${']'.repeat(12000)}`;
  assert.is(renderOne(text), `<p>${text}</p>`);
});

limits.run();
