// Specifies splitBlocks against Typemill's markdownToArrayBlocks; expectations follow the PHP code
// (docs/typemill.md: Pages are split into blocks as Parsedown splits them).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { splitBlocks } from '../../generator/markdown/split-blocks.ts';

type Case = readonly [sentence: string, markdown: string, blocks: readonly string[]];

function specify(behaviour: string, cases: readonly Case[]): void {
  const behaviourSuite = suite(`splitBlocks: ${behaviour}`);
  for (const [sentence, markdown, blocks] of cases) {
    behaviourSuite(sentence, () => assert.equal(splitBlocks(markdown), blocks));
  }
  behaviourSuite.run();
}

specify('line ends and blank lines', [
  ['normalises CRLF and CR line ends to LF', 'One\r\nTwo\r\n\r\nThree\rFour', ['One\nTwo', 'Three\nFour']],
  ['trims newlines around the document', '\n\nText\n\n', ['Text']],
  ['returns no blocks for an empty document', '', []],
  ['returns no blocks for a document of whitespace-only lines', '   \n\n  ', []],
  [
    'drops blank lines between blocks and keeps trailing spaces inside a block',
    'Text  \nwith hard break\n\n\nNext',
    ['Text  \nwith hard break', 'Next'],
  ],
]);

specify('tab expansion', [
  ['expands tabs to four-column stops', 'a\tb\tc', ['a   b   c']],
  ['counts characters, not bytes, before a tab', 'ä\tb', ['ä   b']],
  ['counts an astral character as one column', '😀\tx', ['😀   x']],
  ['stores a tab after a list marker as spaces', '-\titem', ['-   item']],
  ['turns a leading tab into indented code', '\tcode', ['    code']],
  ['expands a trailing tab', 'ab\t', ['ab  ']],
]);

specify('paragraphs and what interrupts them', [
  ['continues a paragraph lazily', 'line one\nline two', ['line one\nline two']],
  [
    'starts a new block at a bullet list directly after a paragraph line',
    'Intro text\n- item',
    ['Intro text', '- item'],
  ],
  ['starts a new block at an ordered list starting at 1', 'Intro\n1. item', ['Intro', '1. item']],
  ['keeps an ordered list not starting at 1 inside the paragraph', 'Intro\n2. item', ['Intro\n2. item']],
  ['lets an ordered list not starting at 1 follow a blank line', 'Intro\n\n2. item', ['Intro', '2. item']],
  ['starts a new block at an ATX heading', 'Text\n# Heading', ['Text', '# Heading']],
  ['starts a new block at a fence', 'Text\n```\ncode\n```', ['Text', '```\ncode\n```']],
  ['starts a new block at a blockquote', 'Text\n> quote', ['Text', '> quote']],
  ['keeps an indented line inside the paragraph', 'para\n    not code', ['para\n    not code']],
  ['starts a new block at an image line', 'Text\n![a](a.png)', ['Text', '![a](a.png)']],
  ['starts a new block at math', 'Text\n$$\nx\n$$', ['Text', '$$\nx\n$$']],
  ['starts a new block at a block shortcode', 'Intro\n[:video path="x.mp4" :]', ['Intro', '[:video path="x.mp4" :]']],
]);

specify('headings and thematic breaks', [
  ['needs no space after the hashes', '#Heading\ntext', ['#Heading', 'text']],
  ['treats seven hashes as paragraph text', '####### seven\ntext', ['####### seven\ntext']],
  ['treats a lone hash as paragraph text', '#\ntext', ['#\ntext']],
  [
    'keeps a setext heading and its underline together',
    'Setext Heading\n==============',
    ['Setext Heading\n=============='],
  ],
  ['ends a setext heading after its underline', 'Title\n-----\nBody', ['Title\n-----', 'Body']],
  ['turns a whole paragraph into a setext heading', 'Line one\nline two\n===', ['Line one\nline two\n===']],
  ['does not underline across a blank line', 'Title\n\n===', ['Title', '===']],
  ['makes a thematic break a block of its own', 'Text\n***\nMore', ['Text', '***', 'More']],
  ['reads spaced dashes after a paragraph as a thematic break', 'Text\n- - -', ['Text', '- - -']],
]);

specify('lists', [
  ['stores a list with blank lines between items without them', '- item one\n\n- item two', ['- item one\n- item two']],
  [
    'keeps indented continuation lines and drops the blank lines inside items',
    '1. one\n   continued\n\n   second paragraph\n2. two\n\nAfter list',
    ['1. one\n   continued\n   second paragraph\n2. two', 'After list'],
  ],
  ['keeps a nested list inside the item', '- a\n  - b\n- c', ['- a\n  - b\n- c']],
  ['ends a list at an unindented line after a blank line', '- a\n\n  b\n\nc', ['- a\n  b', 'c']],
  ['takes a heading directly after an item as lazy continuation', '- item\n# Heading', ['- item\n# Heading']],
  ['ends a list at an item with another bullet character', '- one\n* two', ['- one', '* two']],
  ['ends a list at an item with another ordered delimiter', '1) a\n2. b', ['1) a', '2. b']],
  ['ends a list after an empty item and a blank line', '-\n\n- b', ['-', '- b']],
  ['treats an item whose text is "0" as empty, as PHP empty() does', '- 0\n\n- 1', ['- 0', '- 1']],
  [
    'swallows a link reference definition after a blank line',
    '- item\n\n[x]: https://example.org',
    ['- item\n[x]: https://example.org'],
  ],
]);

specify('code', [
  ['stores an unclosed fence up to the end of the document', '```\nunclosed fence', ['```\nunclosed fence']],
  [
    'appends a newline for a blank line after the closing fence',
    '```\ncode\n```\n\nNext',
    ['```\ncode\n```\n', 'Next'],
  ],
  [
    'appends a newline per blank line after the closing fence',
    '```\ncode\n```\n\n\nNext',
    ['```\ncode\n```\n\n', 'Next'],
  ],
  ['keeps blank lines inside a fence', '```\na\n\n\nb\n```', ['```\na\n\n\nb\n```']],
  ['stores a whitespace-only line inside a fence as an empty line', '```\na\n   \nb\n```', ['```\na\n\nb\n```']],
  ['keeps a whitespace-only last line after a fence as a newline', '```\na\n```\n  ', ['```\na\n```\n']],
  [
    'closes a fence only with at least as many fence characters',
    '~~~~ php\ncode\n~~~\n~~~~\nafter',
    ['~~~~ php\ncode\n~~~\n~~~~', 'after'],
  ],
  [
    'accepts an indented closing fence',
    '```js\n  indented line\n   ```\nafter',
    ['```js\n  indented line\n   ```', 'after'],
  ],
  ['does not open a fence whose info string has a backtick', '``` a`b\ntext', ['``` a`b\ntext']],
  ['swallows everything after an unclosed fence', '```\na\n\n# not a heading', ['```\na\n\n# not a heading']],
  [
    'drops blank lines inside indented code',
    '    code one\n\n    code two\ntext',
    ['    code one\n    code two', 'text'],
  ],
  ['starts indented code after a paragraph and a blank line', 'para\n\n    code', ['para', '    code']],
]);

specify('blockquotes', [
  ['takes lazy lines until a blank line', '> quote\nlazy line\n\n> second', ['> quote\nlazy line', '> second']],
]);

specify('HTML blocks', [
  [
    'keeps an element across blank lines and drops them',
    '<div class="box">\n\nInner text\n\n</div>\nAfter',
    ['<div class="box">\nInner text\n</div>', 'After'],
  ],
  [
    'closes an element only at the matching nesting level',
    '<div>\n<div>\ninner\n</div>\n</div>\ntext',
    ['<div>\n<div>\ninner\n</div>\n</div>', 'text'],
  ],
  ['closes an element opened and closed on one line', '<div>one line</div>\nnext', ['<div>one line</div>', 'next']],
  ['closes a self-closing element at once', '<hr/>\ntext', ['<hr/>', 'text']],
  ['does not start a block at a text-level element', '<span>inline</span>\nnext', ['<span>inline</span>\nnext']],
  [
    'does not start a block at a void element followed by text',
    '<img src="a.png"> caption\nnext',
    ['<img src="a.png"> caption\nnext'],
  ],
  ['keeps a comment across blank lines until -->', '<!--\n\nhidden\n-->\ntext', ['<!--\nhidden\n-->', 'text']],
  ['ends a one-line comment after its line', '<!-- note -->\ntext', ['<!-- note -->', 'text']],
]);

specify('tables', [
  [
    'keeps header, divider and rows together',
    '| Left | Center | Right |\n|:-----|:------:|------:|\n| a | b | c |\n\nAfter',
    ['| Left | Center | Right |\n|:-----|:------:|------:|\n| a | b | c |', 'After'],
  ],
  ['ends a table at a row without a pipe', 'a | b\n--- | ---\nc | d\nplain', ['a | b\n--- | ---\nc | d', 'plain']],
  ['lets a one-column table take any row', 'Name\n|---|\nAlice\nBob', ['Name\n|---|\nAlice\nBob']],
  ['is no table when the cell counts differ', 'a | b\n|---|', ['a | b\n|---|']],
  ['is no table after a two-line paragraph', 'x\na | b\n--- | ---', ['x\na | b\n--- | ---']],
]);

specify('definition lists', [
  [
    'merges adjacent definition lists with a blank line',
    'Term\n: Definition\n\nTerm 2\n: Definition 2',
    ['Term\n: Definition\n\nTerm 2\n: Definition 2'],
  ],
  ['joins a definition to its term across a blank line', 'Apple\n\n: Fruit', ['Apple\n: Fruit']],
  [
    'keeps an indented line after a blank line and ends at an unindented one',
    'Term\n: Def\n\n    more\n\nNext',
    ['Term\n: Def\n    more', 'Next'],
  ],
]);

specify('reference, abbreviation and footnote definitions', [
  [
    'makes a link reference definition a block of its own',
    '[typemill]: https://typemill.net\nSee [typemill].',
    ['[typemill]: https://typemill.net', 'See [typemill].'],
  ],
  [
    'starts a link reference definition after a paragraph line',
    'See [x].\n[x]: https://example.org',
    ['See [x].', '[x]: https://example.org'],
  ],
  [
    'makes an abbreviation definition a block of its own',
    '*[HTML]: Hyper Text Markup Language\nThe HTML spec',
    ['*[HTML]: Hyper Text Markup Language', 'The HTML spec'],
  ],
  [
    'starts an abbreviation definition after a paragraph line',
    'The HTML spec\n*[HTML]: Hyper Text Markup Language',
    ['The HTML spec', '*[HTML]: Hyper Text Markup Language'],
  ],
  [
    'merges adjacent footnote definitions with a blank line',
    'Text[^1]\n\n[^1]: First\n[^2]: Second',
    ['Text[^1]', '[^1]: First\n\n[^2]: Second'],
  ],
  [
    'keeps lazy and indented footnote lines and ends at an unindented one',
    '[^1]: First line\nlazy continuation\n\n    indented paragraph\nnot indented',
    ['[^1]: First line\nlazy continuation\n    indented paragraph', 'not indented'],
  ],
]);

specify('images and captions', [
  [
    'joins exactly one caption line to an image',
    '![a](media/x.webp){.center}\n*Cap*\nMore text',
    ['![a](media/x.webp){.center}\n*Cap*', 'More text'],
  ],
  ['takes no caption across a blank line', '![a](a.png)\n\nText', ['![a](a.png)', 'Text']],
  ['takes a second image line as the caption', '![a](a.png)\n![b](b.png)', ['![a](a.png)\n![b](b.png)']],
]);

specify('notices', [
  ['keeps consecutive notice lines together', '! Notice 1\n! \n! Text\nplain', ['! Notice 1\n! \n! Text', 'plain']],
  ['ends a notice at a blank line', '!!! Warning\n\n! Next', ['!!! Warning', '! Next']],
]);

specify('math, shortcodes and table of contents', [
  ['keeps $$ math up to its closing line', '$$\nx = y\n$$\ntext', ['$$\nx = y\n$$', 'text']],
  ['drops blank lines inside \\[ math', '\\[\na\n\nb\n\\]', ['\\[\na\nb\n\\]']],
  ['makes a block shortcode a block of its own', '[:video path="x.mp4" :]\nText', ['[:video path="x.mp4" :]', 'Text']],
  ['makes [TOC] a paragraph line', '[TOC]\nText', ['[TOC]\nText']],
  ['keeps [TOC] apart from a heading after a blank line', '[TOC]\n\n# Heading', ['[TOC]', '# Heading']],
]);
