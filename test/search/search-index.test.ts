// The stored index: common terms left to titles, refusal of an index of an older format, and the per-snapshot answer
// cache.
import { composedBody } from '../../gateway/reply/success-reply.ts';
import type { ComposedBody } from '../../gateway/reply/success-reply.ts';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { answerKey, createAnswerCache } from '../../gateway/search/answer-cache.ts';
import { COMMON_TERMS, commonTermsOf } from '../../contract/search/search-format.ts';
import { loadSearchIndex } from '../../gateway/search/search-index.ts';
import { parseSearchIndex } from './single-search-index.ts';
import { languageTools } from '../../contract/search/search-terms.ts';
import type { LoadedEntry } from '../../gateway/snapshot/model.ts';
import { buildSearchIndex } from '../../generator/search/build-search-index.ts';
import { removeDir, temporaryDir } from '../helpers/fixture-site.ts';

const common = suite('commonTermsOf');

common('finds terms on more than half of the pages of a large site, by stem, and none on a small one', async () => {
  const tools = await languageTools('en');
  const texts = Array.from(
    { length: COMMON_TERMS.minPages },
    (_, page) => `Configuring servers ${page % 2 === 0 ? 'routing' : ''} page${page}`,
  );
  assert.equal([...commonTermsOf(texts, tools)].sort(), ['configur', 'configuring', 'server', 'servers']);
  assert.equal([...commonTermsOf(texts.slice(0, COMMON_TERMS.minPages - 1), tools)], []);
});

const parsing = suite('loadSearchIndex');

parsing('refuses a single-body index (format 1) with a message to rebuild, never reading it', async () => {
  const stored = await buildSearchIndex(
    [
      {
        document: { url: '/a', title: 'A', slug: 'a', live: true, draft: true, key: 'content:live:/a' },
        sections: [[null, 'text']],
      },
    ],
    'en',
  );
  const entries = new Map([['content:live:/a', {} as LoadedEntry]]);
  assert.is((await parseSearchIndex(JSON.parse(JSON.stringify(stored)), entries)).documents.length, 1, 'the reference');
  const folder = await temporaryDir('format-one');
  try {
    const file = join(folder, 'search.json');
    await writeFile(file, JSON.stringify(stored));
    const refusal = await loadSearchIndex(file, entries).then(
      () => 'accepted',
      (error: Error) => error.message,
    );
    assert.is(refusal, 'search index format: expected 3, got 1: rebuild the snapshot with this version of snapi');
    await writeFile(file, '[1');
    const broken = await loadSearchIndex(file, entries).then(
      () => 'accepted',
      (error: Error) => error.message,
    );
    assert.ok(broken.startsWith(`${file}: `), broken);
  } finally {
    await removeDir(folder);
  }
});

const cache = suite('answer cache');

cache('keys answers by role, user and every parameter, and drops the least recently used when full', async () => {
  const request = { query: 'x', words: ['x'], draft: false, limit: 10, offset: 0 };
  const author = { username: 'ann', role: 'author' };
  const keys = [
    answerKey(request, author),
    answerKey(request, { ...author, username: 'bob' }),
    answerKey(request, { ...author, role: 'editor' }),
    answerKey({ ...request, draft: true }, author),
    answerKey({ ...request, offset: 10 }, author),
    answerKey({ ...request, query: 'x ' }, author),
  ];
  assert.is(new Set(keys).size, keys.length);
  const answers = createAnswerCache(2);
  const body = (text: string) => Promise.resolve(composedBody(text));
  const text = async (answer: Promise<ComposedBody> | undefined) =>
    answer === undefined ? undefined : (await answer).bytes.toString('utf8');
  answers.remember('a', body('1'));
  answers.remember('b', body('2'));
  answers.remember('c', body('3'));
  assert.equal([answers.get('a'), await text(answers.get('b')), await text(answers.get('c'))], [undefined, '2', '3']);
  await answers.get('b');
  answers.remember('e', body('5'));
  assert.equal(
    [await text(answers.get('b')), answers.get('c'), await text(answers.get('e'))],
    ['2', undefined, '5'],
    'b was used after c, so c went',
  );
  answers.remember('d', Promise.reject(new Error('failed')));
  await answers.get('d')?.catch(() => undefined);
  assert.is(answers.get('d'), undefined, 'a failed answer is forgotten');
});

common.run();
parsing.run();
cache.run();
