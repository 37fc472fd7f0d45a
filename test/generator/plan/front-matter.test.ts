// Front matter (docs/typemill.md: Front matter is a second source of page metadata): detection, stripping, aliases,
// precedence against the sibling yaml, drafts, errors.
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../../generator/resident/choose-build.ts';
import { splitBlocks } from '../../../generator/markdown/split-blocks.ts';
import { mergeWithYaml, readFrontMatter } from '../../../generator/plan/front-matter.ts';
import { BuildError } from '../../../generator/types.ts';
import { copyFixture, removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { readSnapshot } from '../../helpers/snapshot-bodies.ts';

const detection = suite('readFrontMatter: what counts as front matter');

const ORDINARY_CONTENT: Array<[string, string]> = [
  ['a first line that is not ---', '# Title\n---\ntitle: x\n---\n'],
  ['--- with trailing text on the first line', '--- \ntitle: x\n---\n'],
  ['no closing --- line', '---\ntitle: x\n\nText'],
  ['YAML that is a list', '---\n- a\n- b\n---\nText'],
  ['YAML that is a plain string', '---\njust words\n---\nText'],
  ['an empty block', '---\n---\nText'],
];
for (const [name, text] of ORDINARY_CONTENT) {
  detection(`treats ${name} as ordinary content`, () => {
    assert.is(readFrontMatter(text, 'content/x.md'), undefined);
  });
}

detection('reads a mapping between two --- lines and returns the rest as the body', () => {
  assert.equal(readFrontMatter('---\ntitle: Hello\n---\n# Hello\n\nText\n', 'content/x.md'), {
    tabs: { meta: { title: 'Hello' } },
    draft: false,
    body: '# Hello\n\nText\n',
  });
});

detection('accepts CRLF line ends', () => {
  assert.equal(readFrontMatter('---\r\ntitle: Hello\r\n---\r\nText', 'content/x.md')?.tabs, {
    meta: { title: 'Hello' },
  });
});

const stripping = suite('front matter is removed before splitting');

stripping('blocks of a page with front matter equal those of the page without it', () => {
  const page = '# Title\n\nFirst paragraph.\n\n- a\n- b\n';
  const withFrontMatter = readFrontMatter(`---\ntitle: T\n---\n${page}`, 'content/x.md');
  assert.equal(splitBlocks(withFrontMatter?.body ?? ''), splitBlocks(page));
  assert.equal(splitBlocks(withFrontMatter?.body ?? ''), ['# Title', 'First paragraph.', '- a\n- b']);
});

const fields = suite('front matter keys fill the meta tab');

fields(
  'maps aliases, ignores weight and unknown keys, turns unquoted dates into YYYY-MM-DD and fills named tabs',
  () => {
    const text = [
      '---',
      'title: T',
      'navtitle: N',
      'description: D',
      'author: A',
      'owner: o',
      'hide: true',
      'noindex: false',
      'date: 2024-05-17',
      'lastmod: 2024-06-01 10:30:00',
      'weight: 4',
      'tags: [x]',
      'allowedrole: editor',
      'alloweduser: a,b',
      'heroimage: media/h.png',
      'heroimagealt: H',
      'reference: /x',
      'referencetype: copy',
      'template: wide',
      'demo:',
      '  democheckbox: true',
      '  demoimage: media/d.png',
      '---',
      'Body',
    ].join('\n');
    assert.equal(readFrontMatter(text, 'content/x.md')?.tabs, {
      meta: {
        title: 'T',
        navtitle: 'N',
        description: 'D',
        author: 'A',
        owner: 'o',
        hide: true,
        noindex: false,
        created: '2024-05-17',
        modified: '2024-06-01',
        allowedrole: 'editor',
        alloweduser: 'a,b',
        heroimage: 'media/h.png',
        heroimagealt: 'H',
        reference: '/x',
        referencetype: 'copy',
        template: 'wide',
      },
      demo: { democheckbox: true, demoimage: 'media/d.png' },
    });
  },
);

fields('maps updated to modified and keeps quoted dates as written', () => {
  assert.equal(readFrontMatter("---\nupdated: 2024-07-01\ncreated: '2023-01-02'\n---\n", 'content/x.md')?.tabs, {
    meta: { modified: '2024-07-01', created: '2023-01-02' },
  });
});

fields('draft: true marks the page as a draft; draft: false does not', () => {
  assert.is(readFrontMatter('---\ndraft: true\n---\nx', 'content/x.md')?.draft, true);
  assert.is(readFrontMatter('---\ndraft: false\ntitle: t\n---\nx', 'content/x.md')?.draft, false);
});

const precedence = suite('mergeWithYaml: the sibling yaml wins per field');

precedence('keeps front matter fields the yaml does not set, and yaml values where both set one', () => {
  const merged = mergeWithYaml(
    { meta: { title: 'from front matter', description: 'fm description', author: 'fm' }, demo: { democheckbox: true } },
    { meta: { title: 'from yaml', author: null, owner: 'yaml-owner' } },
  );
  assert.equal(merged, {
    meta: { title: 'from yaml', description: 'fm description', author: 'fm', owner: 'yaml-owner' },
    demo: { democheckbox: true },
  });
});

const errors = suite('malformed front matter');

errors('is a build error naming the file and the line in the page', () => {
  try {
    readFrontMatter("---\ntitle: ok\ndescription: 'closed' trailing text\n---\nBody", 'content/00-x.md');
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, BuildError);
    assert.is((error as BuildError).problem.file, 'content/00-x.md');
    assert.is((error as BuildError).problem.line, 3);
    assert.match((error as BuildError).message, /^content\/00-x\.md:3: YAML: /);
  }
});

const site = suite('a site with front matter and no Typemill yaml');

site('builds meta, navigation and items from the front matter values', async () => {
  const folder = await copyFixture('front-matter');
  const out = await temporaryDir('front-matter-dist');
  try {
    const outcome = await buildSite({ site: folder, out, baseUrl: 'http://localhost' });
    assert.ok(outcome.ok);
    const { bodies } = await readSnapshot(out);
    const json = (key: string) => JSON.parse(bodies.get(key) ?? 'null');
    const meta = json('meta:/guide/install').metadata.meta;
    assert.equal(
      [meta.title, meta.description, meta.author, meta.created, meta.modified, meta.navtitle],
      ['Install', 'Install the thing.', 'Front Author', '2024-05-17', '2024-06-01', 'install'],
    );
    assert.equal(json('meta:/').metadata.meta.title, 'Home from front matter');
    const live = json('navigation:live').navigation;
    assert.equal(
      live.map((item: { name: string }) => item.name),
      ['Guide (front matter)'],
    );
    assert.equal(
      live[0].folderContent.map((item: { slug: string }) => item.slug),
      ['install', 'no-front-matter'],
    );
    const draft = json('navigation:draft').navigation[0].folderContent;
    assert.equal(
      draft.map((item: { originalName: string; status: string; hide: boolean; noindex: boolean }) => [
        item.originalName,
        item.status,
        item.hide,
        item.noindex,
      ]),
      [
        ['00-install.md', 'published', false, false],
        ['01-hidden.md', 'published', true, true],
        ['02-unfinished.txt', 'unpublished', false, false],
        ['03-no-front-matter.md', 'published', false, false],
      ],
    );
    assert.is(bodies.get('content:live:/guide/unfinished'), undefined);
    assert.equal(
      json('content:draft:/guide/unfinished').content.map((block: { markdown: string }) => block.markdown),
      ['# Unfinished', '`draft: true` makes this page unpublished, as if it were a .txt draft only.'],
    );
    assert.equal(
      json('content:live:/guide/install').content.map((block: { markdown: string }) => block.markdown),
      ['# Install', 'Front matter is stripped before the page is split into blocks.'],
    );
    assert.equal(
      json('content:live:/guide/no-front-matter').content.map((block: { markdown: string }) => block.markdown),
      ['---', 'This page starts with a horizontal rule and has no closing line, so it has no front matter.'],
    );
    assert.equal(json('items:install').items[0].name, 'install');
  } finally {
    await removeDir(join(folder, '..'));
    await removeDir(out);
  }
});

detection.run();
stripping.run();
fields.run();
precedence.run();
errors.run();
site.run();
