// Pure request parsing: PHP query strings, Basic credentials, Accept-Encoding and If-None-Match.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeQueryComponent, listParameter, parseQuery, stringParameter } from '../../../gateway/http/query.ts';
import type { Query, QueryValue } from '../../../gateway/http/query.ts';
import { parseBasicCredentials } from '../../../gateway/auth/basic-auth.ts';
import { chooseEncoding, matchesIfNoneMatch } from '../../../gateway/reply/negotiate.ts';
import type { Encoding } from '../../../gateway/snapshot/model.ts';

type Plain = string | { [key: string]: Plain };
const plain = (value: QueryValue): Plain =>
  typeof value === 'string' ? value : Object.fromEntries([...value.entries].map(([key, item]) => [key, plain(item)]));
const plainQuery = (query: Query) => Object.fromEntries([...query].map(([key, value]) => [key, plain(value)]));

const QueryParsing = suite('parseQuery reads query strings as PHP does');

QueryParsing('collects a[]= entries into a list in order', () => {
  assert.equal(plainQuery(parseQuery('usernames[]=a&usernames[]=b')), { usernames: { 0: 'a', 1: 'b' } });
});

QueryParsing('continues numbering after explicit indexes and keeps named keys', () => {
  assert.equal(plainQuery(parseQuery('a[5]=x&a[]=y&a[k]=z&a[0]=w')), { a: { 5: 'x', 6: 'y', k: 'z', 0: 'w' } });
  assert.equal(listParameter(parseQuery('a[5]=x&a[]=y&a[k]=z&a[0]=w'), 'a'), ['x', 'y', 'z', 'w']);
});

QueryParsing('lets the last plain value win and a later plain value replace an array', () => {
  assert.equal(plainQuery(parseQuery('url=a&url=b&x[]=1&x=2')), { url: 'b', x: '2' });
});

QueryParsing('decodes values once, + as space, and leaves broken escapes as written', () => {
  assert.equal(plainQuery(parseQuery('url=%2Fa%252F+b&k=%E2%9C%93&bad=%zz%4')), {
    url: '/a%2F b',
    k: '✓',
    bad: '%zz%4',
  });
  assert.is(decodeQueryComponent('caf%C3%A9+%26'), 'café &');
});

QueryParsing('skips empty keys, keeps keys without a value, and renames dots in names as PHP does', () => {
  assert.equal(plainQuery(parseQuery('=x&&draft&a.b=1&nested[a][b]=2')), {
    draft: '',
    a_b: '1',
    nested: { a: { b: '2' } },
  });
});

QueryParsing('gives string parameters only for plain values and list parameters for both forms', () => {
  const query = parseQuery('url[]=x&usernames=solo&slug=s');
  assert.equal(
    [
      stringParameter(query, 'url'),
      stringParameter(query, 'slug'),
      listParameter(query, 'usernames'),
      listParameter(query, 'none'),
    ],
    [undefined, 's', ['solo'], []],
  );
});

const Basic = suite('parseBasicCredentials is as lenient as Typemill');
const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64');

Basic('splits at the first colon and reads UTF-8', () => {
  assert.equal(parseBasicCredentials(`Basic ${encode('jürgen:pa:ss')}`), { username: 'jürgen', password: 'pa:ss' });
});

Basic('accepts any case of the scheme, text before it, and characters outside base64', () => {
  const token = encode('editor:secret');
  for (const header of [`basic ${token}`, `x Basic\t${token}`, `Basic ${token.slice(0, 4)}!*${token.slice(4)}`]) {
    assert.equal([header, parseBasicCredentials(header)], [header, { username: 'editor', password: 'secret' }]);
  }
});

Basic('finds no credentials without a header, a Basic token, a colon or a user name', () => {
  for (const header of [
    undefined,
    'Bearer abc',
    'Basic',
    `Basic ${encode('nocolon')}`,
    `Basic ${encode(':password')}`,
  ]) {
    assert.is(parseBasicCredentials(header), undefined);
  }
});

const Negotiate = suite('chooseEncoding and matchesIfNoneMatch');
const ALL = new Set<Encoding>(['br', 'gzip', 'identity']);

Negotiate('prefers the highest q-value, then br over gzip over identity', () => {
  const cases: Array<[string | undefined, ReadonlySet<Encoding>, Encoding]> = [
    [undefined, ALL, 'identity'],
    ['gzip, br', ALL, 'br'],
    ['gzip, br', new Set<Encoding>(['gzip', 'identity']), 'gzip'],
    ['br;q=0.2, gzip;q=0.8', ALL, 'gzip'],
    ['*', ALL, 'br'],
    ['*;q=0, gzip;q=0', ALL, 'identity'],
    ['identity;q=1, gzip;q=0.5', ALL, 'identity'],
    ['gzip;q=abc, br;q=0.1', ALL, 'br'],
  ];
  for (const [header, available, expected] of cases)
    assert.equal([header, chooseEncoding(header, available)], [header, expected]);
});

Negotiate('matches an ETag exactly, in a list, weakly, and for *', () => {
  const cases: Array<[string | undefined, boolean]> = [
    [undefined, false],
    ['"abc"', true],
    ['"x", "abc"', true],
    ['W/"abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
  ];
  for (const [header, expected] of cases)
    assert.equal([header, matchesIfNoneMatch(header, '"abc"')], [header, expected]);
});

QueryParsing.run();
Basic.run();
Negotiate.run();
