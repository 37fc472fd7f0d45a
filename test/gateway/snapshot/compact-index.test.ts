// The compact index: the string table, index.json read in batches, and entries kept as numbers until looked up.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { StringTable } from '../../../gateway/snapshot/string-table.ts';
import { createIndexScanner } from '../../../gateway/snapshot/index-scanner.ts';
import { CompactEntries, LOADED_LIMIT, variantOf } from '../../../gateway/snapshot/compact-entries.ts';
import type { IndexEntry } from '../../../contract/snapshot.ts';

const Table = suite('StringTable');

Table('numbers strings in the order they were added and finds each, ASCII or not', () => {
  const table = new StringTable();
  const texts = ['content:live:/', 'content:live:/a', 'meta:/über-uns', 'item:/日本語', '', 'content:live:/a/b'];
  const numbers = texts.map((text) => table.add(text));
  assert.equal(numbers, [0, 1, 2, 3, 4, 5]);
  assert.equal(
    texts.map((text) => table.find(text)),
    [0, 1, 2, 3, 4, 5],
  );
  assert.equal(
    texts.map((_, number) => table.at(number)),
    texts,
  );
  assert.is(table.add('meta:/über-uns'), 2);
  assert.is(table.size, 6);
});

Table('tells apart strings that share a prefix, differ in length, or differ only past ASCII', () => {
  const table = new StringTable();
  table.add('meta:/über');
  table.add('content:live:/a');
  assert.equal(
    ['meta:/uber', 'meta:/übe', 'meta:/überr', 'content:live:/', 'content:live:/ab', 'content:live:/A', 'meta:/ü'].map(
      (text) => table.find(text),
    ),
    [-1, -1, -1, -1, -1, -1, -1],
  );
});

Table('keeps every string findable while it grows from 64 slots to 100,000 strings', () => {
  const table = new StringTable();
  const count = 100_000;
  for (let number = 0; number < count; number++) table.add(`content:live:/section-${number % 97}/page-${number}`);
  let wrong = 0;
  for (let number = 0; number < count; number++)
    if (table.find(`content:live:/section-${number % 97}/page-${number}`) !== number) wrong++;
  assert.equal(
    [wrong, table.size, table.at(99_999), table.find('content:live:/section-0/page-100000')],
    [0, count, 'content:live:/section-89/page-99999', -1],
  );
});

Table('refuses a number it never gave', () => {
  const table = new StringTable();
  table.add('only');
  assert.throws(() => table.at(1), /string table: no string 1/);
});

/** Runs the scanner over `text` cut into pieces of `pieceBytes`; returns every batch parsed and the rest. */
function scan(
  text: string,
  pieceBytes: number,
  batchBytes: number,
): { batches: Array<Record<string, unknown>>; rest: unknown } {
  const batches: Array<Record<string, unknown>> = [];
  const scanner = createIndexScanner((json) => batches.push(JSON.parse(json) as Record<string, unknown>), batchBytes);
  const bytes = Buffer.from(text, 'utf8');
  for (let offset = 0; offset < bytes.length; offset += pieceBytes)
    scanner.push(bytes.subarray(offset, offset + pieceBytes));
  return { batches, rest: JSON.parse(scanner.end()) };
}

const HARD_INDEX = {
  format: 1,
  id: 'x "entries": {',
  nested: { entries: { 'not-these': 1 } },
  entries: {
    'content:live:/': { file: 'bodies/a.json', size: 1, etag: '"a"' },
    'content:live:/a,b}{"': { file: 'bodies/b.json', size: 2, etag: '"b"', restriction: { users: ['x,y', '}'] } },
    'meta:/über\\"quote': { file: 'bodies/c.json', size: 3, etag: '"c"', gzip: { file: 'bodies/c.json.gz', size: 1 } },
    'item:/日本語': { file: 'bodies/d.json', size: 4, etag: '"d"' },
  },
  userRecords: { admin: '{"username":"admin"}' },
};

const Scanner = suite('index scanner');

Scanner('hands on every entry in batches and the rest with the entries emptied, however the file is cut', () => {
  const text = JSON.stringify(HARD_INDEX, null, 1);
  const { entries } = HARD_INDEX;
  const failures: string[] = [];
  for (const pieceBytes of [1, 2, 3, 7, 64, 100_000]) {
    for (const batchBytes of [1, 40, 1_000_000]) {
      const { batches, rest } = scan(text, pieceBytes, batchBytes);
      const merged = Object.assign({}, ...batches) as Record<string, unknown>;
      const same =
        JSON.stringify(merged) === JSON.stringify(entries) &&
        JSON.stringify(rest) === JSON.stringify({ ...HARD_INDEX, entries: {} });
      if (!same) failures.push(`pieces of ${pieceBytes}, batches of ${batchBytes}`);
    }
  }
  assert.equal(failures, []);
  assert.is(scan(text, 5, 1).batches.length, 4);
  assert.is(scan(text, 5, 1_000_000).batches.length, 1);
});

Scanner('recognises the member name "entries" however it is escaped, and only at the top level', () => {
  const { batches, rest } = scan('{"entr\\u0069es":{"k":{"file":"bodies/a.json"}},"other":{"entries":{"j":1}}}', 3, 1);
  assert.equal(batches, [{ k: { file: 'bodies/a.json' } }]);
  assert.equal(rest, { entries: {}, other: { entries: { j: 1 } } });
});

Scanner('hands on nothing for an empty entries object', () => {
  assert.equal(scan('{"entries":{ \n }}', 1, 1), { batches: [], rest: { entries: {} } });
});

Scanner('refuses an empty member between batches, a trailing comma and entries given twice', () => {
  const refusal = (text: string) => {
    try {
      scan(text, 4, 1);
      return 'accepted';
    } catch (error) {
      return (error as Error).message;
    }
  };
  assert.match(refusal('{"entries":{"a":1, ,"b":2}}'), /index\.json entries: a comma without an entry beside it/);
  assert.match(refusal('{"entries":{"a":1,,"b":2}}'), /in JSON at position/);
  assert.match(refusal('{"entries":{"a":1,}}'), /index\.json entries: a comma without an entry beside it/);
  assert.match(refusal('{"entries":{"a":1},"entries":{"b":2}}'), /index\.json: "entries" is given twice/);
  assert.match(refusal('{"entries":{"a":1 "b":2}}'), /in JSON at position/);
});

Scanner('leaves a truncated file to fail when the rest is parsed', () => {
  const text = JSON.stringify(HARD_INDEX);
  assert.throws(() => scan(text.slice(0, -10), 16, 1), SyntaxError);
  assert.throws(() => scan(text.slice(0, text.indexOf('"item:')), 16, 1), SyntaxError);
});

const MEMORY = { limit: 100, left: 1000 };
const PLACE = { memory: MEMORY, directory: '/snapshot' };
const hashed = (hash: string, size: number, variants: { gzip?: number; br?: number } = {}): IndexEntry => ({
  file: `bodies/${hash}.json`,
  size,
  etag: `"${hash}"`,
  ...(variants.gzip === undefined ? {} : { gzip: { file: `bodies/${hash}.json.gz`, size: variants.gzip } }),
  ...(variants.br === undefined ? {} : { br: { file: `bodies/${hash}.json.br`, size: variants.br } }),
});

const Entries = suite('compact entries');

Entries('derives ETag and file names from the hash, with the sizes and restriction each key was given', () => {
  const entries = new CompactEntries(PLACE);
  entries.add('content:live:/a', hashed('Hash-A_1', 300, { gzip: 120, br: 100 }));
  entries.add('content:draft:/a', hashed('Hash-A_1', 300, { gzip: 120, br: 100 }));
  entries.add('meta:/secret', { ...hashed('Hash-B', 40), restriction: { role: 'editor', users: ['ann'] } });
  const live = entries.get('content:live:/a');
  const secret = entries.get('meta:/secret');
  assert.equal(
    [
      live?.etag,
      live?.identity.file,
      live?.identity.size,
      live?.gzip?.file,
      live?.gzip?.size,
      live?.br?.file,
      live?.br?.size,
      live?.restriction,
    ],
    [
      '"Hash-A_1"',
      'bodies/Hash-A_1.json',
      300,
      'bodies/Hash-A_1.json.gz',
      120,
      'bodies/Hash-A_1.json.br',
      100,
      undefined,
    ],
  );
  assert.equal(
    [secret?.etag, secret?.identity.file, secret?.gzip, secret?.br, secret?.restriction],
    ['"Hash-B"', 'bodies/Hash-B.json', undefined, undefined, { role: 'editor', users: ['ann'] }],
  );
  assert.equal(
    [entries.size, entries.has('content:draft:/a'), entries.has('content:live:/b'), entries.get('content:live:/b')],
    [3, true, false, undefined],
  );
});

Entries('makes one entry object per key and one body object per file, shared by every key that names it', () => {
  const entries = new CompactEntries(PLACE);
  entries.add('content:live:/a', hashed('same', 10, { gzip: 5 }));
  entries.add('content:draft:/a', hashed('same', 10, { gzip: 5 }));
  entries.add('hand:/a', { file: 'bodies/same.json', size: 10, etag: '"another tag"' });
  const [live, draft, hand] = ['content:live:/a', 'content:draft:/a', 'hand:/a'].map((key) => entries.get(key));
  assert.ok(live === entries.get('content:live:/a'));
  assert.ok(live !== draft);
  assert.ok(live?.identity === draft?.identity && live?.gzip === draft?.gzip && hand?.identity === live?.identity);
  assert.equal([hand?.etag, live?.identity.memory], ['"another tag"', MEMORY]);
});

Entries('keeps entries whose names or ETag do not follow the hash as they were given', () => {
  const entries = new CompactEntries(PLACE);
  const unusual: Record<string, IndexEntry> = {
    'tag:/': { file: 'bodies/h.json', size: 1, etag: '"not-h"' },
    'name:/': { file: 'bodies/0123.json', size: 2, etag: '"0123"', gzip: { file: 'bodies/other.json.gz', size: 1 } },
    'plain:/': { file: 'bodies/plain-name', size: 3, etag: '"p"', br: { file: 'bodies/plain-name.br', size: 2 } },
    'nested:/': { file: 'bodies/sub/x.json', size: 4, etag: '"x"' },
    'gzip-only:/': { file: 'bodies/g.json.gz', size: 5, etag: '"g"' },
  };
  for (const [key, entry] of Object.entries(unusual)) entries.add(key, entry);
  const seen = Object.keys(unusual).map((key) => {
    const entry = entries.get(key);
    return {
      file: entry?.identity.file,
      size: entry?.identity.size,
      etag: entry?.etag,
      gzip: entry?.gzip?.file,
      br: entry?.br?.file,
    };
  });
  assert.equal(seen, [
    { file: 'bodies/h.json', size: 1, etag: '"not-h"', gzip: undefined, br: undefined },
    { file: 'bodies/0123.json', size: 2, etag: '"0123"', gzip: 'bodies/other.json.gz', br: undefined },
    { file: 'bodies/plain-name', size: 3, etag: '"p"', gzip: undefined, br: 'bodies/plain-name.br' },
    { file: 'bodies/sub/x.json', size: 4, etag: '"x"', gzip: undefined, br: undefined },
    { file: 'bodies/g.json.gz', size: 5, etag: '"g"', gzip: undefined, br: undefined },
  ]);
  assert.equal([...entries.keys()], Object.keys(unusual));
});

Entries('lists every file it names once, and answers whether it names a file of the bodies folder', () => {
  const entries = new CompactEntries(PLACE);
  entries.add('a', hashed('one', 1, { gzip: 1 }));
  entries.add('b', hashed('one', 1, { gzip: 1 }));
  entries.add('c', hashed('two', 2, { br: 1 }));
  entries.add('d', { file: 'bodies/plain', size: 3, etag: '"p"' });
  assert.equal(
    [...entries.files()],
    ['bodies/one.json', 'bodies/one.json.gz', 'bodies/two.json', 'bodies/two.json.br', 'bodies/plain'],
  );
  assert.is(entries.fileCount, 5);
  assert.equal(
    [
      'one.json.gz',
      'one.json.br',
      'two.json.br',
      'two.json',
      'plain',
      'three.json',
      '.json',
      'one',
      'one.json.zst',
    ].map((name) => entries.namesBody(name)),
    [true, false, true, true, true, false, false, false, false],
  );
});

Entries('refuses a file given two sizes, whether its name has a hash or not', () => {
  const twice = (first: IndexEntry, second: IndexEntry) => {
    const entries = new CompactEntries(PLACE);
    entries.add('first', first);
    try {
      entries.add('second', second);
      return 'accepted';
    } catch (error) {
      return (error as Error).message;
    }
  };
  assert.is(twice(hashed('h', 10), hashed('h', 11)), 'bodies/h.json: the index gives it two sizes, 10 and 11');
  assert.is(
    twice(hashed('h', 10, { gzip: 4 }), hashed('h', 10, { gzip: 5 })),
    'bodies/h.json.gz: the index gives it two sizes, 4 and 5',
  );
  assert.is(
    twice({ file: 'bodies/p', size: 1, etag: '"p"' }, { file: 'bodies/p', size: 2, etag: '"q"' }),
    'bodies/p: the index gives it two sizes, 1 and 2',
  );
  assert.is(twice(hashed('h', 10), { file: 'bodies/h.json', size: 10, etag: '"other"' }), 'accepted');
});

Entries('answers a key added after it was looked up', () => {
  const entries = new CompactEntries(PLACE);
  entries.add('a', hashed('first', 1));
  assert.equal([entries.has('b'), entries.get('b')], [false, undefined]);
  entries.add('b', hashed('second', 2));
  assert.equal(
    [entries.has('b'), entries.get('b')?.etag, entries.get('a')?.etag, entries.has('b')],
    [true, '"second"', '"first"', true],
  );
});

Entries('keeps the last of a key given twice, as JSON.parse would', () => {
  const entries = new CompactEntries(PLACE);
  entries.add('k', { ...hashed('first', 1), restriction: { role: 'editor' } });
  entries.add('k', hashed('second', 2));
  assert.equal([entries.size, entries.get('k')?.etag, entries.get('k')?.restriction], [1, '"second"', undefined]);
});

Entries(
  'keeps at most LOADED_LIMIT entry objects, but one body object per file for as long as the snapshot lives',
  () => {
    const entries = new CompactEntries(PLACE);
    for (let number = 0; number <= LOADED_LIMIT + 1; number++)
      entries.add(`content:live:/page-${number}`, hashed(number % 2 === 0 ? 'even' : 'odd', 10));
    const first = entries.get('content:live:/page-0');
    for (let number = 1; number <= LOADED_LIMIT + 1; number++) entries.get(`content:live:/page-${number}`);
    const again = entries.get('content:live:/page-0');
    assert.ok(first !== again, 'the entry object was made again after the limit');
    assert.ok(first?.identity === again?.identity && again?.identity === entries.get('content:live:/page-2')?.identity);
    assert.equal(
      [again?.etag, again?.identity.file, entries.get(`content:live:/page-${LOADED_LIMIT + 1}`)?.etag],
      ['"even"', 'bodies/even.json', '"odd"'],
    );
  },
);

Entries('reads a variant from a body file name only in the generator form', () => {
  assert.equal(
    [
      'bodies/h.json',
      'bodies/h.json.gz',
      'bodies/h.json.br',
      'bodies/.json',
      'bodies/a/h.json',
      'h.json',
      'bodies/h.js',
      'bodies/h.json.zst',
    ].map(variantOf),
    [0, 1, 2, -1, -1, -1, -1, -1],
  );
});

Table.run();
Scanner.run();
Entries.run();
