// The snippet's section: the first holding the most matched terms, found by a walk that stops early, the same section
// as counting every term through the whole page.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { SearchSection } from '../../contract/search/search-format.ts';
import { bestSection, pageText } from '../../gateway/search/page-text.ts';
import type { PageText } from '../../gateway/search/page-text.ts';
import { createRandom } from '../bench/prng.ts';

/** Each section's count of terms it holds, every term read to the page's end (the version before): the reference. */
function countingAll(page: PageText, matched: ReadonlySet<string>): SearchSection | undefined {
  const { sections, searchable, starts } = page;
  const counts = sections.map((_, position) => {
    const end = starts[position + 1] ?? searchable.length;
    return [...matched].filter((term) => {
      const at = searchable.indexOf(term, starts[position]);
      return at !== -1 && at < end;
    }).length;
  });
  const most = Math.max(0, ...counts);
  const best = most === 0 ? -1 : counts.indexOf(most);
  return sections[best] ?? sections.find(([, text]) => text !== '') ?? sections[0];
}

const sections = suite('bestSection');

const PAGE: SearchSection[] = [
  [null, ''],
  ['Install', 'docker image and compose'],
  ['Run', 'docker compose up, then the image'],
  ['Backup', 'volumes and backup of the image'],
  ['Notes', 'backup docker compose volumes'],
];

sections('the first section with the most terms; a later one with more wins; none: the first with text', () => {
  const page = pageText(PAGE);
  const headingOf = (terms: string[]) => bestSection(page, new Set(terms))?.[0];
  assert.equal(
    [
      headingOf(['docker', 'image']),
      headingOf(['docker', 'compose', 'volumes']),
      headingOf(['backup', 'volumes', 'image']),
      headingOf(['backup']),
      headingOf(['absent', 'image']),
      headingOf(['absent']),
      headingOf([]),
    ],
    ['Install', 'Notes', 'Backup', 'Backup', 'Install', 'Install', 'Install'],
  );
});

sections('the same section as counting every term to the end, on random pages and term sets', () => {
  const random = createRandom(37);
  const words = ['ab', 'abc', 'b', 'ca', 'docker', 'd', 'image', 'é', 'x', 'ba'];
  const pick = () => words[random.int(0, words.length - 1)]!;
  for (let round = 0; round < 2000; round++) {
    const page = pageText(
      Array.from(
        { length: random.int(1, 6) },
        (): SearchSection => [
          random.next() < 0.3 ? null : pick(),
          Array.from({ length: random.int(0, 8) }, pick).join(' '),
        ],
      ),
    );
    const matched = new Set(Array.from({ length: random.int(0, 4) }, pick));
    assert.is(bestSection(page, matched), countingAll(page, matched), `round ${round}`);
  }
});

sections.run();
