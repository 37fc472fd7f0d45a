// The AI files' texts from plain values: llms.txt's form, a part's template, the manifest and the views.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { llmsPartText, llmsTxtText, markdownUrl, type LlmsPage } from '../../../generator/llms/llms-text.ts';
import { llmsViews } from '../../../generator/llms/llms-views.ts';
import { manifestText, parseManifest } from '../../../contract/llms-manifest.ts';
import { joinBlocks } from '../../../contract/page-markdown.ts';

const page = (url: string, extra: Partial<LlmsPage> = {}): LlmsPage => ({
  url,
  title: url,
  description: '',
  listable: true,
  section: undefined,
  ...extra,
});
const SITE = {
  title: 'Docs',
  description: '',
  baseUrl: 'https://docs.example.org/hb',
  sections: new Map([['/a', 'A [x]']]),
};

const Text = suite('llms.txt, parts and manifests');

Text('writes the H1, no blockquote without a description, the Overview, then each folder with pages', () => {
  const listed = [
    page('/', { title: 'Home', description: 'Start\nhere' }),
    page('/a', { title: 'A [x]', section: '/a' }),
    page('/a/(b) ü', { title: 'B]', section: '/a' }),
  ];
  assert.is(
    llmsTxtText(SITE, listed),
    '# Docs\n\n## Overview\n\n- [Home](https://docs.example.org/hb/index.md): Start here\n\n## A [x]\n\n' +
      '- [A \\[x\\]](https://docs.example.org/hb/a.md)\n- [B\\]](https://docs.example.org/hb/a/%28b%29%20%C3%BC.md)\n',
  );
  assert.is(
    llmsTxtText({ ...SITE, description: ' About  the docs ' }, []),
    '# Docs\n\n> About the docs\n',
    'a section without pages is left out',
  );
});

Text('a part is the title, its source and the markdown, then a blank line', () => {
  assert.is(llmsPartText('https://x.org', 'T', '/', 'Body'), '# T\n\nSource: https://x.org/\n\nBody\n\n');
  assert.is(markdownUrl('https://x.org', '/api/v1/navigation'), 'https://x.org/api/v1/navigation.md');
});

Text('a manifest reads back as it was written, page URLs with spaces included', () => {
  const parts = [
    { hash: 'abc', url: '/a b' },
    { hash: 'def', url: '/' },
  ];
  assert.equal(parseManifest(manifestText(parts)), parts);
  assert.is(manifestText(parts), 'abc /a b\ndef /\n');
});

Text('blocks are joined by one blank line, their trailing newlines not doubled', () => {
  assert.is(joinBlocks(['# T', '```\ncode\n```\n', 'end\n\n']), '# T\n\n```\ncode\n```\n\nend');
});

Text('views: every reading role, a user view only where alloweduser changes the list, and the public view', () => {
  const open = page('/open');
  const editors = page('/editors', { restriction: { role: 'editor' } });
  const named = page('/named', { restriction: { users: ['ann'] } });
  const hidden = page('/hidden', { listable: false });
  const views = new Map(llmsViews([open, editors, named, hidden]).map((view) => [view.name, view.listed]));
  assert.equal(
    [...views.keys()],
    ['author', 'author:ann', 'editor', 'editor:ann', 'manager', 'manager:ann', 'administrator', 'public'],
  );
  assert.equal(views.get('author'), [open]);
  assert.equal(views.get('author:ann'), [open, named]);
  assert.equal(views.get('editor'), [open, editors]);
  assert.equal(views.get('administrator'), [open, editors, named]);
  assert.equal(views.get('public'), [open]);
});

Text.run();
