// Specification of the URLify slug (docs/typemill.md: Slugs are made as URLify 1.1.3 makes them).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { slugify } from '../../../generator/php/slugify.ts';

const examples = suite('slugify: examples from Typemill');

const EXAMPLES: Array<[text: string, language: string, slug: string]> = [
  ['create-your-first-page', 'en', 'create-your-first-page'],
  ['fast-websites', 'en', 'fast-websites'],
  ['Über-uns', 'en', 'uber-uns'],
  ['Über-uns', 'de', 'ueber-uns'],
  ['Äpfel-&-Birnen', 'en', 'apfel-birnen'],
  ['Äpfel-&-Birnen', 'de', 'aepfel-birnen'],
  ['Straße', 'en', 'strasse'],
  ['Straße', 'de', 'strasse'],
  ['My-Page--Draft--', 'en', 'my-page-draft'],
  ['version-2', 'en', 'version-2'],
  ['UPPER-Case', 'en', 'upper-case'],
  ['日本語', 'en', ''],
  ['## 日本語', 'en', ''],
];

for (const [text, language, slug] of EXAMPLES) {
  examples(`turns ${JSON.stringify(text)} with language ${language} into ${JSON.stringify(slug)}`, () => {
    assert.is(slugify(text, language), slug);
  });
}
examples.run();

const transliteration = suite('slugify: transliteration maps');

const MAPPED: Array<[text: string, language: string, slug: string]> = [
  ['ä ö ü Ä Ö Ü', 'en', 'a-o-u-a-o-u'],
  ['ä ö ü Ä Ö Ü', 'de', 'ae-oe-ue-ae-oe-ue'],
  ['ẞ', 'en', 'ss'],
  ['© 2024', 'en', 'c-2024'],
  ['Привет мир', 'en', 'privet-mir'],
  ['щука', 'en', 'shuka'],
  ['щука', 'bg', 'shtuka'],
  ['щука', 'ru', 'shuka'],
  ['й', 'en', 'i'],
  ['й', 'bg', 'y'],
  ['Ελληνικά', 'en', 'ellhnika'],
  ['İstanbul ğ ş ı', 'tr', 'istanbul-g-s-i'],
  ['ř ž ů', 'en', 'r-z-u'],
  ['Łódź', 'en', 'lodz'],
  ['Đà Nẵng', 'vi', 'da-nang'],
  ['ї є', 'uk', 'yi-ye'],
  ['۱۲۳ ٤٥', 'en', '123-45'],
  ['ĺ ľ ŕ', 'sk', 'l-l-r'],
];

for (const [text, language, slug] of MAPPED) {
  transliteration(`maps ${JSON.stringify(text)} with language ${language} to ${JSON.stringify(slug)}`, () => {
    assert.is(slugify(text, language), slug);
  });
}
transliteration.run();

const cleanup = suite('slugify: stripping, hyphens and case');

const CLEANUP: Array<[text: string, slug: string, why: string]> = [
  ['Hello, World!', 'hello-world', 'punctuation is removed'],
  ['snake_case_name', 'snake-case-name', 'underscores count as spaces'],
  ['  padded  ', 'padded', 'outer whitespace is trimmed'],
  ['a - b -- c', 'a-b-c', 'runs of hyphens and spaces become one hyphen'],
  ['-leading-and-trailing-', 'leading-and-trailing', 'outer hyphens are trimmed'],
  ['tab\there\nnewline', 'tab-here-newline', 'tabs and newlines are whitespace'],
  ['Mixed CASE Words', 'mixed-case-words', 'the result is lower case'],
  ['100% sure', '100-sure', 'digits are kept'],
  ['naïve café', 'naive-cafe', 'latin accents are transliterated'],
  ['emoji 😀 here', 'emoji-here', 'unmapped characters vanish'],
];

for (const [text, slug, why] of CLEANUP) {
  cleanup(`${why}: ${JSON.stringify(text)} → ${JSON.stringify(slug)}`, () => {
    assert.is(slugify(text, 'en'), slug);
  });
}
cleanup.run();

const length = suite('slugify: 60-byte cut');

length('cuts to the first 60 bytes, then trims hyphens', () => {
  assert.is(
    slugify('## A very long headline that is definitely longer than sixty characters', 'en'),
    'a-very-long-headline-that-is-definitely-longer-than-sixty-ch',
  );
});

length('trims a hyphen left at the end by the cut', () => {
  const text = `${'a'.repeat(59)} b`;
  assert.is(slugify(text, 'en'), 'a'.repeat(59));
});

length('counts transliterated letters, not source characters', () => {
  assert.is(slugify('ß'.repeat(31), 'en'), 's'.repeat(60));
});
length.run();
