// The query path's parts on small hand-made indexes: postings and their scores, typo and prefix expansion, relaxing
// step
// by step, visibility as a byte map per caller, words written together, and the best `wanted` without sorting all.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { matchQuery } from '../../gateway/search/match-query.ts';
import { languageTools } from '../../contract/search/search-terms.ts';
import { candidates, fuzzyTerms, prefixTerms, scanned } from '../../gateway/search/term-expansion.ts';
import { postingIndex } from './minisearch-postings.ts';
import { bestFirst } from '../../gateway/search/top-documents.ts';
import { createVisibility, isVisible } from '../../gateway/search/visibility.ts';
import { createRandom } from '../bench/prng.ts';

/** A stored index (MiniSearch's serialised form) of documents given as [title, text] with words counted once each. */
function stored(documents: ReadonlyArray<readonly [string, string]>) {
  const postings = new Map<string, Record<string, Record<string, number>>>();
  for (const [id, [title, text]] of documents.entries()) {
    for (const [fieldId, field] of [title, '', text].entries()) {
      for (const word of field.split(' ').filter(Boolean)) {
        const byField = postings.get(word) ?? {};
        postings.set(word, byField);
        const docs = (byField[fieldId] ??= {});
        docs[id] = (docs[id] ?? 0) + 1;
      }
    }
  }
  const lengths = documents.map(([title, text]) =>
    [title, '', text].map((field) => field.split(' ').filter(Boolean).length),
  );
  return {
    documentCount: documents.length,
    nextId: documents.length,
    documentIds: Object.fromEntries(documents.map((_, id) => [id, id])),
    fieldIds: { title: 0, headings: 1, text: 2 },
    fieldLength: Object.fromEntries(lengths.map((fields, id) => [id, fields])),
    averageFieldLength: [0, 1, 2].map(
      (field) => lengths.reduce((sum, fields) => sum + fields[field]!, 0) / documents.length,
    ),
    storedFields: {},
    dirtCount: 0,
    index: [...postings],
    serializationVersion: 2,
  };
}

const DOCUMENTS = [
  ['dashboards', 'dashboards show widgets'],
  ['widgets', 'a widget shows one chart'],
  ['installation', 'install with docker'],
  ['docker', 'the docker image'],
  ['userrole', 'add a userrole'],
] as const;

const expansion = suite('prefixTerms and fuzzyTerms');

expansion('finds the longer terms a prefix begins, and the terms one edit away (transposition included)', () => {
  const postings = postingIndex(stored(DOCUMENTS), DOCUMENTS.length);
  assert.equal(
    prefixTerms(postings, 'dash').map(({ term }) => term),
    ['dashboards'],
  );
  assert.equal(prefixTerms(postings, 'dashboards'), []);
  assert.equal(
    fuzzyTerms(postings, 'dashbords').map(({ term }) => term),
    ['dashboards'],
  );
  assert.equal(
    fuzzyTerms(postings, 'dcoker').map(({ term }) => term),
    ['docker'],
  );
  assert.equal(fuzzyTerms(postings, 'dahsbords'), [], 'two edits');
  assert.equal(
    fuzzyTerms(postings, 'widgets')
      .map(({ term }) => term)
      .sort(),
    ['widget'],
  );
});

expansion('finds the same one-edit terms by scanning as by making candidates, on 3,000 random words', () => {
  const random = createRandom(9);
  const letters = [...'abcdé'];
  const word = () => Array.from({ length: random.int(1, 7) }, () => random.pick(letters)).join('');
  const documents = Array.from({ length: 40 }, () => [word(), Array.from({ length: 20 }, word).join(' ')] as const);
  const postings = postingIndex(stored(documents), documents.length);
  const all = [...postings.terms.keys()];
  for (let round = 0; round < 3000; round++) {
    const typed = [...word()];
    assert.equal(scanned(all, typed).sort(), candidates(postings, typed).sort(), typed.join(''));
  }
});

const matching = suite('matchQuery');

matching(
  'relaxes step by step: typos only for a word that found nothing, prefixes only for the last word',
  async () => {
    const postings = postingIndex(stored(DOCUMENTS), DOCUMENTS.length);
    const index = {
      postings,
      tools: await languageTools(''),
      ancestors: DOCUMENTS.map(() => []),
      commonTerms: new Set<string>(),
    };
    const all = new Uint8Array(DOCUMENTS.length).fill(1);
    const ids = (words: string[], visible = all) => matchQuery(index, words, visible, 10).best.map(({ id }) => id);
    assert.equal(ids(['docker']), [3, 2]);
    assert.equal(ids(['dockr']), [3, 2], 'a typo finds what the word would');
    assert.equal(ids(['dash']), [0], 'the last word as a prefix');
    assert.equal(ids(['user', 'role']), [4], 'two words a page writes as one');
    assert.equal(
      ids(['docker'], Uint8Array.from([1, 1, 1, 0, 1])),
      [2],
      'an invisible document is neither counted nor returned',
    );
    assert.equal(matchQuery(index, ['docker'], Uint8Array.from([1, 1, 1, 0, 1]), 10).total, 1);
    const matched = matchQuery(index, ['widgets'], all, 1).best[0];
    // Fewer than RELAX_BELOW pages found: every word gets its typo matches too, and the page is marked by both.
    assert.equal({ id: matched?.id, terms: matched?.terms }, { id: 1, terms: ['widgets', 'widget'] });
  },
);

matching("counts a word in the title of a folder above a page, for a quarter of the page's own title", async () => {
  const documents = [
    ['forms', 'x'],
    ['fields', 'x'],
    ['fields', 'x'],
  ] as const;
  const postings = postingIndex(stored(documents), documents.length);
  const all = new Uint8Array(documents.length).fill(1);
  const tools = await languageTools('');
  const ids = (ancestors: number[][]) =>
    matchQuery({ postings, tools, ancestors, commonTerms: new Set() }, ['forms', 'fields'], all, 3).best.map(
      ({ id }) => id,
    );
  assert.equal(ids([[], [], []]), [0, 1, 2]);
  assert.equal(ids([[], [], [0]]), [0, 2, 1], 'the fields page in the forms folder above the one outside it');
});

const visibility = suite('createVisibility');

visibility('gives each caller and variant the byte isVisible gives each document, and keeps it per caller', () => {
  const page = (live: boolean, draft: boolean, restriction?: { role?: string; users?: string[] }) => ({
    url: '/p',
    title: 'p',
    slug: 'p',
    live,
    draft,
    key: 'content:live:/p',
    ...(restriction ? { restriction } : {}),
  });
  const documents = [
    page(true, true),
    page(false, true),
    page(true, false, { role: 'editor' }),
    page(true, true, { users: ['ann'] }),
    page(true, true, { role: 'editor', users: ['bob'] }),
  ];
  const visible = createVisibility(documents);
  const callers = [
    { username: 'ann', role: 'author' },
    { username: 'bob', role: 'editor' },
    { username: 'eve', role: 'editor' },
    { username: 'root', role: 'administrator' },
  ];
  for (const user of callers) {
    for (const draft of [false, true]) {
      assert.equal(
        [...visible(user, draft)],
        documents.map((document) => (isVisible(document, draft, user) ? 1 : 0)),
        `${user.username} ${draft}`,
      );
      assert.is(visible(user, draft), visible({ ...user }, draft), 'the same map for the same caller');
    }
  }
  assert.equal([...visible({ username: 'bob', role: 'editor' }, false)], [1, 0, 1, 0, 1]);
});

const selection = suite('bestFirst');

selection('returns what sorting all and keeping the first n returns, on 2,000 random inputs', () => {
  const random = createRandom(5);
  for (let round = 0; round < 2000; round++) {
    const candidates = Int32Array.from({ length: random.int(0, 200) }, () => random.int(0, 50));
    const scores = Array.from({ length: 51 }, () => random.int(0, 5));
    const compare = (left: number, right: number) => scores[right]! - scores[left]! || left - right;
    const wanted = random.int(0, 60);
    assert.equal(bestFirst(candidates, wanted, compare), Array.from(candidates).sort(compare).slice(0, wanted));
  }
});

expansion.run();
matching.run();
visibility.run();
selection.run();
