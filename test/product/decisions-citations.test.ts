// Comments cite decisions by their heading in docs/decisions.md, and never a document outside the repository.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(import.meta.dirname, '..', '..');
const DECISIONS = join(ROOT, 'docs', 'decisions.md');
const CITATION = /\(docs\/decisions\.md: ([^)]*)\)/g;
/** Documents that are not in the repository, named anywhere. */
const OUTSIDE_DOCUMENT = /reference-semantics|api-spec|DESIGN(?:\.md| §)|STYLE\.md|Appendix [AB]\b|\bissue \d+/;
/** Their numbered decisions and sections, as comments and prose cite them: `(D13)`, `(decision D12)`, `(5.3, 5.4)`. */
const OUTSIDE_NUMBER = /\((?:decision )?[DO]\d{1,2}\b|\((?:\d{1,2}\.\d{1,2}(?:, ?)?)+\)/;
const COMMENT_LINE = /^\s*(?:\/\/|\/?\*)/;
const SOURCE_FILE = /\.(?:ts|mjs|md)$/;
/** Folders whose files must not cite documents outside the repository. */
const CHECKED_FOLDERS = ['commands', 'generator', 'gateway', 'test', 'docs'];
/** Fixture content is input data for the build, not prose about the code. */
const SKIPPED = [join('test', 'fixtures', 'site'), join('test', 'fixtures', 'expected'), join('test', '.tmp'), join('gateway', 'build')];
const THIS_FILE = relative(ROOT, import.meta.filename);

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((path) => !SKIPPED.some((skipped) => path.startsWith(skipped + '/')) && path !== THIS_FILE);
}

function headings(): Set<string> {
  return new Set(readFileSync(DECISIONS, 'utf8').split('\n').filter((line) => line.startsWith('### ')).map((line) => line.slice(4).trim()));
}

const citations = suite('citations of docs/decisions.md');

citations('every cited heading exists in docs/decisions.md', () => {
  const known = headings();
  const unknown: string[] = [];
  // decisions.md shows the citation form itself with a placeholder.
  for (const path of [...CHECKED_FOLDERS.flatMap(filesUnder), 'README.md'].filter((file) => file !== join('docs', 'decisions.md'))) {
    for (const match of readFileSync(join(ROOT, path), 'utf8').matchAll(CITATION)) {
      for (const heading of (match[1] ?? '').split('; ')) if (!known.has(heading)) unknown.push(`${path}: ${heading}`);
    }
  }
  assert.equal(unknown, []);
});

citations('no source file, doc or the README cites a document outside the repository', () => {
  const outside: string[] = [];
  for (const path of [...CHECKED_FOLDERS.flatMap(filesUnder), 'README.md']) {
    readFileSync(join(ROOT, path), 'utf8').split('\n').forEach((line, index) => {
      const prose = path.endsWith('.md') || COMMENT_LINE.test(line);
      if (OUTSIDE_DOCUMENT.test(line) || (prose && OUTSIDE_NUMBER.test(line))) outside.push(`${path}:${index + 1}: ${line.trim()}`);
    });
  }
  assert.equal(outside, []);
});

citations('headings of docs/decisions.md are unique', () => {
  const lines = readFileSync(DECISIONS, 'utf8').split('\n').filter((line) => line.startsWith('### '));
  assert.is(new Set(lines).size, lines.length);
});

citations.run();
