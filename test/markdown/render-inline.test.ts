// Inline markup as Typemill writes it: links and images, attribute blocks, safe mode, escaping, autolinks, breaks.

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderOne } from './render-helpers.ts';

const links = suite('link rewriting');

links('/x gets the base URL, media/ gets base URL and slash, others stay', () => {
  assert.is(
    renderOne('[a](/info) [b](media/f.pdf) [c](#x) [d](tm/content/a) [e](https://typemill.net/?a=1&b=2)'),
    '<p><a href="http://localhost/typemill/info">a</a> <a href="http://localhost/typemill/media/f.pdf">b</a> <a href="#x">c</a>' +
      ' <a href="tm/content/a">d</a> <a href="https://typemill.net/?a=1&amp;b=2">e</a></p>',
  );
});

links('an inline image gets loading="lazy" after src, alt and title, alt is the raw label', () => {
  assert.is(
    renderOne('see ![*star* & co](/img.png "it\'s") here'),
    '<p>see <img src="http://localhost/typemill/img.png" alt="*star* &amp; co" title="it&#039;s" loading="lazy" /> here</p>',
  );
});

links.run();

const attributes = suite('attribute blocks');

attributes('id, classes, quoted values with spaces and dots, in PHP order', () => {
  assert.is(
    renderOne('[a](https://x.org){#top .btn .big data-title="a b.c"}'),
    '<p><a href="https://x.org" id="top" class="btn big" data-title="a b.c">a</a></p>',
  );
});

attributes('a title in the block does not replace the link title slot', () => {
  assert.is(renderOne('[a](https://x.org){title=x}'), '<p><a href="https://x.org">a</a></p>');
});

attributes('safe mode drops on… attributes and names that are not names', () => {
  assert.is(
    renderOne('[a](https://x.org){onclick=alert(1) data-x=1 :bad=1}'),
    '<p><a href="https://x.org" data-x="1">a</a></p>',
  );
});

attributes.run();

const safeMode = suite('safe mode URLs');

safeMode('a URL with a scheme outside the whitelist gets its colons encoded', () => {
  assert.is(renderOne('[x](javascript:alert(1))'), '<p><a href="javascript%3Aalert(1)">x</a></p>');
});

safeMode('settings.urlschemes extend the whitelist', () => {
  assert.is(renderOne('[call](tel:+49-1)'), '<p><a href="tel%3A+49-1">call</a></p>');
  assert.is(renderOne('[call](tel:+49-1)', { urlSchemes: ['tel:'] }), '<p><a href="tel:+49-1">call</a></p>');
});

safeMode.run();

const text = suite('text escaping and inline rules');

text('text escapes & < > but keeps quotes, and safe mode escapes entities again', () => {
  assert.is(renderOne('"it\'s" <b> &copy; &#169; AT&T'), '<p>"it\'s" &lt;b&gt; &amp;copy; &amp;#169; AT&amp;T</p>');
});

text("only Parsedown's special characters can be escaped", () => {
  assert.is(renderOne('\\*not em\\* \\"quoted\\"'), '<p>*not em* \\"quoted\\"</p>');
});

text('an escape gives way to later $…$ math, which is then replaced from the backslash on', () => {
  assert.is(renderOne('\\* and $ab$'), '<p>\\(ab\\)nd \\(ab\\)</p>');
});

text('inline code keeps quotes and escapes <', () => {
  assert.is(renderOne('`a "b" <c>`'), '<p><code>a "b" &lt;c&gt;</code></p>');
});

text('autolinks: email gets mailto, URL tags and bare URLs become links', () => {
  assert.is(renderOne('<me@x.org>'), '<p><a href="mailto:me@x.org">me@x.org</a></p>');
  assert.is(renderOne('<https://typemill.net>'), '<p><a href="https://typemill.net">https://typemill.net</a></p>');
  assert.is(
    renderOne('Visit https://typemill.net/docs. now'),
    '<p>Visit <a href="https://typemill.net/docs">https://typemill.net/docs</a>. now</p>',
  );
});

text('two trailing spaces make a hard break and ~~ makes del', () => {
  assert.is(renderOne('a  \n~~b~~'), '<p>a<br />\n<del>b</del></p>');
});

text.run();
