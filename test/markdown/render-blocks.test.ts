// Typemill's block additions: notices, figures, tables, math blocks, shortcodes, code and definition lists.

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderOne } from './render-helpers.ts';

const notices = suite('notices');

notices('consecutive ! lines become one notice1 with the text parsed as markdown', () => {
  assert.is(renderOne('! Notice 1\n! \n! Text'), '<div class="notice1">\n<p>Notice 1</p>\n<p>Text</p>\n</div>');
});

notices('the number of ! gives the notice level', () => {
  assert.is(renderOne('!!!! **Careful**'), '<div class="notice4">\n<p><strong>Careful</strong></p>\n</div>');
});

notices.run();

const figures = suite('figures');

figures(
  'an image line with a caption line becomes a figure; class moves to it, other attributes stay on the img',
  () => {
    assert.is(
      renderOne('![a](media/x.webp){.center loading="lazy" width="256"}\n*Cap*'),
      '<figure class="center"><img src="http://localhost/typemill/media/x.webp" alt="a" loading="lazy" width="256" /><figcaption><em>Cap</em></figcaption>\n</figure>',
    );
  },
);

figures('without a caption the figure closes right after the img, and loading comes last', () => {
  assert.is(
    renderOne('![a](media/x.png){width=100}'),
    '<figure><img src="http://localhost/typemill/media/x.png" alt="a" width="100" loading="lazy" /></figure>',
  );
});

figures('classes and the id move to the figure in that order', () => {
  assert.is(
    renderOne('![Logo](/media/logo.png "Title"){#pic .big .wide data-zoom=2}'),
    '<figure class="big wide" id="pic"><img src="http://localhost/typemill/media/logo.png" alt="Logo" title="Title" data-zoom="2" loading="lazy" /></figure>',
  );
});

figures.run();

const tables = suite('tables');

tables('columns without alignment get no style and a table without rows still has a tbody', () => {
  assert.is(
    renderOne('| a | b |\n|---|---|'),
    '<div class="tm-table"><table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n</tbody>\n</table></div>',
  );
});

tables.run();

const math = suite('math blocks');

math('a \\[ block keeps its delimiters and escapes < and &', () => {
  assert.is(renderOne('\\[\na < b & c\n\\]'), '<div class="math">\\[\na &lt; b &amp; c\n\\]</div>');
});

math('inline \\(…\\) stays as it is, with < escaped', () => {
  assert.is(renderOne('so \\(a<b\\) holds'), '<p>so \\(a&lt;b\\) holds</p>');
});

math.run();

const shortcodes = suite('shortcodes');

shortcodes('an unknown block shortcode says No shortcode found in a p', () => {
  assert.is(renderOne('[:askthedocs :]'), '<p class="shortcode-alert">No shortcode found.</p>');
});

shortcodes('an unknown inline shortcode says No shortcode found in a span', () => {
  assert.is(
    renderOne('Ask [:div class="x" :] here'),
    '<p>Ask <span class="shortcode-alert">No shortcode found.</span> here</p>',
  );
});

shortcodes(
  "the video shortcode writes MediaExtension's multi-line snippet with width, preload and an existing poster",
  () => {
    const url = 'http://localhost/typemill/media/files/intro.mp4';
    assert.is(
      renderOne(
        '[:video path="/media/files/intro.mp4" width="80%" preload="metadata" poster="media/live/poster.png" :]',
      ),
      [
        '<video ',
        '                            controls ',
        '                            width = "80%" ',
        '                            preload = "metadata"',
        '                             poster="http://localhost/typemill/media/live/poster.png"',
        '                            class = "center"',
        '                        >',
        `                          <source src="${url}" type="video/mp4" />`,
        '                          Download the',
        `                          <a href="${url}">mp4</a>`,
        '                          video.',
        '                        </video>',
      ].join('\n'),
    );
  },
);

shortcodes('the video shortcode falls back to width 500, preload none and no poster', () => {
  const html = renderOne(
    '[:video path="media/files/intro.mp4" width="wide" preload="all" poster="media/missing.png" :]',
  );
  assert.is(
    html.split('\n').slice(2, 5).join('\n'),
    '                            width = "500" \n                            preload = "none"\n                            ',
  );
});

shortcodes('a video of an unsupported type, or without a path, is not handled', () => {
  assert.is(renderOne('[:video path="media/files/intro.mkv" :]'), '<p class="shortcode-alert">No shortcode found.</p>');
  assert.is(renderOne('[:video src="media/files/intro.mp4" :]'), '<p class="shortcode-alert">No shortcode found.</p>');
});

shortcodes.run();

const code = suite('code and lists');

code('a fenced code block gets class language-x and keeps quotes unescaped', () => {
  assert.is(
    renderOne('```js\nconst a = "x" && b < c;\n```'),
    '<pre><code class="language-js">const a = "x" &amp;&amp; b &lt; c;</code></pre>',
  );
});

code('an indented code block has no trailing newline', () => {
  assert.is(renderOne('    first\n    second'), '<pre><code>first\nsecond</code></pre>');
});

code('a definition list renders dl, dt and dd', () => {
  assert.is(renderOne('Term\n: Definition'), '<dl>\n<dt>Term</dt>\n<dd>Definition</dd>\n</dl>');
});

code('task list markers stay text', () => {
  assert.is(renderOne('- [ ] open\n- [x] done'), '<ul>\n<li>[ ] open</li>\n<li>[x] done</li>\n</ul>');
});

code.run();
