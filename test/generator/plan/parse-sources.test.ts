// Specification of parsing every yaml and draft file once, collecting all errors.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseDraft, parseSources } from '../../../generator/plan/parse-sources.ts';
import { BuildError, type SiteSource, type SourceFile } from '../../../generator/types.ts';

function sourceWith(files: Record<string, string>): SiteSource {
  const map = new Map<string, SourceFile>(
    Object.entries(files).map(([path, text]) => [path, { path, text, mtimeMs: 0 }]),
  );
  return {
    rootPath: '/srv/site',
    baseUrl: 'http://localhost',
    contentEntries: [],
    files: map,
    mtimes: new Map(),
    knownPaths: new Set(map.keys()),
  };
}

const drafts = suite('parseDraft');

drafts('reads a JSON array of block strings as is', () => {
  assert.equal(parseDraft('["# Title","Text with \\"quotes\\""]', 'content/00-a.txt'), [
    '# Title',
    'Text with "quotes"',
  ]);
});

drafts('rejects invalid JSON and arrays of other values, naming the file at line 1', () => {
  for (const text of ['# not json', '{"a":1}', '["a",2]']) {
    try {
      parseDraft(text, 'content/00-a.txt');
      assert.unreachable(`accepted ${text}`);
    } catch (error) {
      assert.instance(error, BuildError);
      assert.equal([(error as BuildError).problem.file, (error as BuildError).problem.line], ['content/00-a.txt', 1]);
    }
  }
});
drafts.run();

const sources = suite('parseSources');

sources('parses yaml everywhere and drafts under content/, skipping empty drafts', () => {
  const parsed = parseSources(
    sourceWith({
      'settings/settings.yaml': 'title: Docs\n',
      'content/00-a.yaml': 'meta:\n  hide: true\n',
      'content/00-a.txt': '["draft"]',
      'content/01-empty.txt': '  \n',
      'content/00-a.md': '# not parsed here',
    }),
  );
  assert.equal(Object.fromEntries(parsed.yaml), {
    'settings/settings.yaml': { title: 'Docs' },
    'content/00-a.yaml': { meta: { hide: true } },
  });
  assert.equal(Object.fromEntries(parsed.drafts), { 'content/00-a.txt': ['draft'] });
  assert.equal(parsed.errors, []);
});

sources('collects every error instead of stopping at the first', () => {
  const parsed = parseSources(
    sourceWith({
      'content/00-a.yaml': 'meta:\n  title: a\n bad: b\n',
      'content/01-b.txt': 'not json',
      'settings/settings.yaml': 'title: fine\n',
    }),
  );
  assert.equal(
    parsed.errors.map((error) => [error.file, error.line]),
    [
      ['content/00-a.yaml', 3],
      ['content/01-b.txt', 1],
    ],
  );
  assert.equal([...parsed.yaml.keys()], ['settings/settings.yaml']);
});
sources.run();
