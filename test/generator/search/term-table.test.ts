// The build's term table and the compact counts made with it: ids in first-met order, each term stored once, a
// document's fields in the narrowest typed arrays, and the order MiniSearch first meets each term kept.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { languageTools } from '../../../contract/search/search-terms.ts';
import { documentCounts } from '../../../generator/search/document-counts.ts';
import { countedPage } from '../../../generator/search/page-search.ts';
import { countWords, fieldCounts, termCounts } from '../../../generator/search/term-counts.ts';
import { createTermTable, packed, termId, termOf } from '../../../generator/search/term-table.ts';

const table = suite('term table');

table('numbers terms in the order they are first met, each once', () => {
  const terms = createTermTable();
  assert.equal(
    ['run', 'plugin', 'run', 'data', 'plugin'].map((term) => termId(terms, term)),
    [0, 1, 0, 2, 1],
  );
  assert.equal(terms.terms, ['run', 'plugin', 'data']);
  assert.equal(
    [...terms.ids],
    [
      ['run', 0],
      ['plugin', 1],
      ['data', 2],
    ],
  );
  assert.is(termOf(terms, 2), 'data');
});

table('starts from saved terms with the same ids, and names an id it does not hold', () => {
  const terms = createTermTable(['run', 'plugin']);
  assert.is(termId(terms, 'plugin'), 1);
  assert.is(termId(terms, 'data'), 2);
  assert.throws(() => termOf(terms, 3), /term id 3 is not in the term table/);
});

const narrow = suite('packed');

narrow('keeps the values in the narrowest unsigned array that holds the largest', () => {
  const cases: Array<[number[], string]> = [
    [[], 'Uint8Array'],
    [[0, 3, 255], 'Uint8Array'],
    [[1, 256], 'Uint16Array'],
    [[65_535, 2], 'Uint16Array'],
    [[65_536, 0], 'Uint32Array'],
    [[4_294_967_295], 'Uint32Array'],
  ];
  for (const [values, type] of cases) {
    const array = packed([values]);
    assert.is(array.constructor.name, type, String(values));
    assert.equal([...array], values);
  }
});

narrow('puts the parts one after another', () => {
  const array = packed([[1, 2], [], [300]]);
  assert.instance(array, Uint16Array);
  assert.equal([...array], [1, 2, 300]);
});

const counts = suite('termCounts');

counts('gives each distinct term of a field once, in first-met order, with its occurrences', async () => {
  const tools = await languageTools('en');
  const terms = createTermTable();
  // Running ×2 and running ×1 are two words as written (length 5: "the" is a word, though a stop word).
  const field = termCounts(countWords('Running runs the storePluginData. Running, running!'), tools, terms);
  assert.equal(field, { length: 5, ids: [0, 1, 2, 3, 4, 5, 6], counts: [3, 4, 1, 1, 1, 1, 1] });
  assert.equal(terms.terms, ['running', 'run', 'runs', 'storeplugindata', 'store', 'plugin', 'data']);
});

counts('a second field shares the table: known terms keep their id, only new ones are added', async () => {
  const tools = await languageTools('en');
  const terms = createTermTable(['running', 'run', 'runs', 'storeplugindata', 'store', 'plugin', 'data']);
  const field = fieldCounts('Plugin data runs, plugins', tools, terms);
  assert.equal(field, { length: 4, ids: [5, 6, 2, 1, 7], counts: [2, 1, 1, 1, 1] });
  assert.equal(terms.terms.slice(7), ['plugins']);
});

const documents = suite('documentCounts');

documents('keeps the fields one after another in two packed arrays, with each field’s length and end', () => {
  const counts = documentCounts([
    { length: 1, ids: [4], counts: [1] },
    { length: 0, ids: [], counts: [] },
    { length: 3, ids: [4, 300, 7], counts: [2, 1, 1] },
  ]);
  assert.equal(counts.lengths, [1, 0, 3]);
  assert.equal(counts.ends, [1, 1, 4]);
  assert.instance(counts.ids, Uint16Array);
  assert.equal([...counts.ids], [4, 4, 300, 7]);
  assert.instance(counts.counts, Uint8Array);
  assert.equal([...counts.counts], [1, 2, 1, 1]);
});

documents('counts past 255 widen the counts, not the ids', async () => {
  const tools = await languageTools('en');
  const counts = documentCounts([fieldCounts('word '.repeat(300), tools, createTermTable())]);
  assert.instance(counts.ids, Uint8Array);
  assert.equal([...counts.ids], [0]);
  assert.instance(counts.counts, Uint16Array);
  assert.equal([...counts.counts], [300]);
});

const pages = suite('countedPage');

pages('refers to the table it was counted with, title, headings and text each a field', async () => {
  const tools = await languageTools('en');
  const terms = createTermTable();
  const body = JSON.stringify({
    content: [
      { id: 0, markdown: '# Setup', html: '<h1>Setup</h1>' },
      { id: 1, markdown: 'Install the plugin.', html: '<p>Install the plugin.</p>' },
    ],
  });
  const page = countedPage(
    { url: '/setup', slug: 'setup', name: 'setup' },
    { live: body, draft: undefined, title: 'Plugin setup', restriction: undefined },
    tools,
    terms,
  );
  assert.is(page.terms, terms);
  const counted = page.documents.map(({ counts }) => ({
    lengths: counts.lengths,
    ends: counts.ends,
    terms: [...counts.ids].map((id) => termOf(terms, id)),
    counts: [...counts.counts],
  }));
  // Title "Plugin setup", heading "Setup", text "Install the plugin.".
  assert.equal(counted, [
    {
      lengths: [2, 1, 3],
      ends: [2, 3, 6],
      terms: ['plugin', 'setup', 'setup', 'install', 'instal', 'plugin'],
      counts: [1, 1, 1, 1, 1, 1],
    },
  ]);
});

table.run();
narrow.run();
counts.run();
documents.run();
pages.run();
