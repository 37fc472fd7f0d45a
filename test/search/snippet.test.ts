// Snippets read a section's words only up to the first match and the window after it: the same snippet as reading all.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { snippetFrom, snippetOf, windowSnippet, windowStart } from '../../gateway/search/snippet.ts';
import { firstMatchAt } from '../../gateway/search/term-places.ts';
import type { SearchSection } from '../../contract/search/search-format.ts';
import { languageTools, termsOf, wordsOf } from '../../contract/search/search-terms.ts';
import { createRandom } from '../bench/prng.ts';

/** The snippet as made from every word of the section (the version before): the reference. */
function fromAllWords(text: string, isMatch: (word: string) => boolean): string {
  const words = wordsOf(text);
  return windowSnippet(
    text,
    words,
    windowStart(
      words,
      words.find(({ word }) => isMatch(word)),
    ),
    isMatch,
  );
}

const snippets = suite('snippetOf');

snippets('marks matches in a window around the first one, cut at word boundaries', () => {
  const text = `${'lorem '.repeat(30)}the docker image & <tag> ${'ipsum '.repeat(40)}docker`;
  const snippet = snippetOf(text, (word) => word === 'docker');
  assert.ok(snippet.startsWith('…lorem lorem'), 'cut before the window');
  assert.is(snippet.indexOf('<mark>'), snippet.indexOf('the <mark>') + 4);
  assert.ok(snippet.includes('the <mark>docker</mark> image &amp; &lt;tag&gt; ipsum'));
  assert.ok(
    snippet.endsWith('ipsum…') && !snippet.endsWith('<mark>docker</mark>'),
    'the last match is outside the window',
  );
});

snippets('gives the snippet reading every word gave, on 20,000 generated sections', () => {
  const random = createRandom(3);
  const vocabulary = [
    'docker',
    'Docker',
    'image',
    'a',
    'über',
    'x1',
    '&',
    '<b>',
    '😀',
    'naïve',
    'install',
    'installing',
    '—',
    'z'.repeat(70),
  ];
  for (let section = 0; section < 20_000; section++) {
    const text = Array.from({ length: random.int(0, 120) }, () => random.pick(vocabulary)).join(
      random.chance(0.5) ? ' ' : '  ',
    );
    const matched = new Set(vocabulary.filter(() => random.chance(0.2)));
    const isMatch = (word: string) => matched.has(word);
    const expected = fromAllWords(text, isMatch);
    if (snippetOf(text, isMatch) !== expected)
      assert.is(snippetOf(text, isMatch), expected, JSON.stringify([text, [...matched]]));
  }
});

snippets(
  'from the first match looked up by term: the snippet reading every word gave, on 20,000 sections',
  async () => {
    const tools = await languageTools('en');
    const random = createRandom(5);
    const vocabulary = [
      'Happy',
      'happiness',
      'installing',
      'installs',
      'storePluginData',
      'plugin',
      'über',
      'Ubers',
      '😀x',
      'naïve',
      'the',
      '—',
      '-',
      'a.b',
      'x'.repeat(70),
      '日本語の文章',
    ];
    const terms = [...new Set(vocabulary.flatMap((word) => termsOf(word, tools)))];
    for (let round = 0; round < 20_000; round++) {
      const text = Array.from({ length: random.int(0, 120) }, () => random.pick(vocabulary)).join(
        random.pick([' ', '  ', '', '\n']),
      );
      const section: SearchSection = [null, text];
      const matched = new Set(terms.filter(() => random.chance(0.15)));
      const isMatch = (word: string) => termsOf(word, tools).some((term) => matched.has(term));
      const first = firstMatchAt(section, matched, tools);
      assert.is(first, wordsOf(text).find(({ word }) => isMatch(word))?.start, JSON.stringify([text, [...matched]]));
      const expected = fromAllWords(text, isMatch);
      if (snippetFrom(text, first, isMatch) !== expected)
        assert.is(snippetFrom(text, first, isMatch), expected, JSON.stringify([text, [...matched]]));
    }
  },
);

snippets.run();
