// Snippets read a section's words only up to the first match and the window after it: the same snippet as reading all.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { snippetOf, windowSnippet, windowStart } from '../../gateway/search/snippet.ts';
import { wordsOf } from '../../contract/search/search-terms.ts';
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

snippets.run();
