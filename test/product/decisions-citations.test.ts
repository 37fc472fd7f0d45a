// Comments cite decisions by their heading in docs/decisions.md, Typemill compatibility rules by their heading in
// docs/typemill.md, and never a document outside the repository.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** The documents cited by heading, each checked against its own headings. */
const CITED = ['decisions.md', 'typemill.md'];
const CITATION = /\(docs\/(decisions|typemill)\.md: ([^)]*)\)/g;
/** The documents show the citation form itself with this placeholder. */
const PLACEHOLDER = '<heading>';
/** Documents that are not in the repository, named anywhere. */
const OUTSIDE_DOCUMENT = /reference-semantics|api-spec|DESIGN(?:\.md| §)|STYLE\.md|Appendix [AB]\b|\bissue \d+/;
/** Their numbered decisions and sections, as comments and prose cite them: `(D13)`, `(decision D12)`, `(5.3, 5.4)`. */
const OUTSIDE_NUMBER = /\((?:decision )?[DO]\d{1,2}\b|\((?:\d{1,2}\.\d{1,2}(?:, ?)?)+\)/;
const COMMENT_LINE = /^\s*(?:\/\/|\/?\*)/;
const SOURCE_FILE = /\.(?:ts|mjs|md)$/;
/** Folders whose files must not cite documents outside the repository. */
const CHECKED_FOLDERS = ['commands', 'generator', 'gateway', 'test', 'docs'];
/** Fixture content is input data for the build, not prose about the code. */
const SKIPPED = [
  join('test', 'fixtures', 'site'),
  join('test', 'fixtures', 'expected'),
  join('test', '.tmp'),
  join('gateway', 'build'),
];
const THIS_FILE = relative(ROOT, import.meta.filename);

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((path) => !SKIPPED.some((skipped) => path.startsWith(skipped + '/')) && path !== THIS_FILE);
}

function headingLines(document: string): string[] {
  return readFileSync(join(ROOT, 'docs', document), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('### '));
}

/** A document's section and rule headings (`## `, `### `): both may be cited. */
function headings(document: string): Set<string> {
  const lines = readFileSync(join(ROOT, 'docs', document), 'utf8').split('\n');
  return new Set(lines.filter((line) => /^###? /.test(line)).map((line) => line.replace(/^###? /, '').trim()));
}

/** Every cited heading that its document lacks, as `path: document: heading`. */
function unknownCitations(
  texts: ReadonlyArray<readonly [string, string]>,
  known: ReadonlyMap<string, ReadonlySet<string>>,
): string[] {
  const unknown: string[] = [];
  for (const [path, text] of texts) {
    for (const match of text.matchAll(CITATION)) {
      const document = `${match[1]}.md`;
      for (const heading of (match[2] ?? '').split('; ')) {
        if (heading !== PLACEHOLDER && !known.get(document)?.has(heading))
          unknown.push(`${path}: ${document}: ${heading}`);
      }
    }
  }
  return unknown;
}

const citations = suite('citations of docs/decisions.md and docs/typemill.md');

citations('every cited heading exists in the document it names', () => {
  const known = new Map(CITED.map((document) => [document, headings(document)]));
  const texts = [...CHECKED_FOLDERS.flatMap(filesUnder), 'README.md'].map(
    (path) => [path, readFileSync(join(ROOT, path), 'utf8')] as const,
  );
  assert.equal(unknownCitations(texts, known), []);
});

citations('a heading cited from the wrong document, or from neither, is reported', () => {
  const known = new Map(CITED.map((document) => [document, headings(document)]));
  const texts = [
    ['a.ts', '// (docs/decisions.md: The gateway decides in a fixed order; Only media is media)'],
    ['b.ts', '// (docs/typemill.md: The gateway decides in a fixed order)'],
    ['c.ts', '// (docs/decisions.md: Users endpoints validate their parameters)'],
    ['d.ts', '// (docs/typemill.md: Users endpoints validate their parameters; No such rule)'],
    ['e.md', 'cited as `(docs/typemill.md: <heading>)`'],
  ] as const;
  assert.equal(unknownCitations(texts, known), [
    'b.ts: typemill.md: The gateway decides in a fixed order',
    'c.ts: decisions.md: Users endpoints validate their parameters',
    'd.ts: typemill.md: No such rule',
  ]);
});

citations('no source file, doc or the README cites a document outside the repository', () => {
  const outside: string[] = [];
  for (const path of [...CHECKED_FOLDERS.flatMap(filesUnder), 'README.md']) {
    readFileSync(join(ROOT, path), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const prose = path.endsWith('.md') || COMMENT_LINE.test(line);
        if (OUTSIDE_DOCUMENT.test(line) || (prose && OUTSIDE_NUMBER.test(line)))
          outside.push(`${path}:${index + 1}: ${line.trim()}`);
      });
  }
  assert.equal(outside, []);
});

citations('headings of docs/decisions.md and docs/typemill.md are unique, also across the two', () => {
  const lines = CITED.flatMap(headingLines);
  assert.is(new Set(lines).size, lines.length);
});

citations.run();
