// (docs/typemill.md: A page of only whitespace has content; `---` opens front matter only around a YAML mapping)
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../../generator/build.ts';
import type { SiteSource, SourceFile } from '../../../generator/types.ts';

function siteWith(files: Record<string, string>): SiteSource {
  const map = new Map<string, SourceFile>(
    Object.entries(files).map(([path, text]) => [path, { path, text, mtimeMs: 0 }]),
  );
  const contentEntries = Object.keys(files).filter((path) => path.startsWith('content/'));
  return {
    rootPath: '/srv/site',
    baseUrl: 'http://localhost',
    contentEntries,
    files: map,
    mtimes: new Map(),
    knownPaths: new Set(map.keys()),
  };
}

function bodyOf(source: SiteSource, key: string): string | undefined {
  return build(source).responses.find((response) => response.key === key)?.body;
}

const whitespace = suite('a page whose file holds only whitespace');

whitespace('answers article/content with an empty content list, as Typemill does', () => {
  const source = siteWith({ 'content/index.md': '# Home', 'content/01-blank.md': '  \n\n\t\n ' });
  assert.is(bodyOf(source, 'content:live:/blank'), '{"content":[]}');
  assert.is(bodyOf(source, 'content:draft:/blank'), '{"content":[]}');
});

whitespace("an empty file and a file holding 0 still have no content (Typemill's falsy check)", () => {
  const source = siteWith({ 'content/index.md': '# Home', 'content/01-empty.md': '', 'content/02-zero.md': '0' });
  assert.is(bodyOf(source, 'content:live:/empty'), undefined);
  assert.is(bodyOf(source, 'content:live:/zero'), undefined);
});

const dashes = suite('a page that starts with ---');

const NOT_YAML = "---\ntitle: ok\ndescription: 'closed' trailing text\n---\nBody text.";

dashes(
  'is markdown when the lines between the --- lines are not valid YAML, with a warning naming file and line',
  () => {
    const result = build(siteWith({ 'content/index.md': '# Home', 'content/01-rule.md': NOT_YAML }));
    assert.equal(result.errors, []);
    const content = JSON.parse(
      result.responses.find((response) => response.key === 'content:live:/rule')?.body ?? 'null',
    );
    assert.equal(
      content.content.map((block: { markdown: string }) => block.markdown),
      ['---', "title: ok\ndescription: 'closed' trailing text\n---", 'Body text.'],
    );
    assert.is(content.content[0].html, '<hr />');
    const warning = result.warnings.find((problem) => problem.file === 'content/01-rule.md');
    assert.is(warning?.line, 3);
    assert.match(warning?.message ?? '', /not YAML front matter, so it is read as markdown$/);
  },
);

dashes('is markdown when the lines between the --- lines are YAML but not a mapping', () => {
  const result = build(
    siteWith({ 'content/index.md': '# Home', 'content/01-list.md': '---\n- one\n- two\n---\nAfter.' }),
  );
  const content = JSON.parse(
    result.responses.find((response) => response.key === 'content:live:/list')?.body ?? 'null',
  );
  assert.equal(
    content.content.map((block: { markdown: string }) => block.markdown),
    ['---', '- one\n- two\n---\nAfter.'],
  );
  assert.equal(
    result.warnings.filter((problem) => problem.file === 'content/01-list.md'),
    [],
  );
});

dashes('is front matter when the lines between the --- lines are a YAML mapping', () => {
  const result = build(
    siteWith({ 'content/index.md': '# Home', 'content/01-page.md': '---\ntitle: From front matter\n---\nAfter.' }),
  );
  const content = JSON.parse(
    result.responses.find((response) => response.key === 'content:live:/page')?.body ?? 'null',
  );
  assert.equal(
    content.content.map((block: { markdown: string }) => block.markdown),
    ['After.'],
  );
  const meta = JSON.parse(result.responses.find((response) => response.key === 'meta:/page')?.body ?? 'null');
  assert.is(meta.metadata.meta.title, 'From front matter');
});

whitespace.run();
dashes.run();
