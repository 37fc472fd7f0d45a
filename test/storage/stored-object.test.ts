// When publish trusts an object already in the bucket: the rule on plain values, one field off at a time.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { storedObjectMatches } from '../../generator/upload/stored-object.ts';
import type { WantedObject } from '../../generator/upload/stored-object.ts';
import type { StoredHead } from '../../storage/store-objects.ts';

const SHA = 'a'.repeat(64);
const MD5 = 'b'.repeat(32);
const WANTED: WantedObject = {
  size: 120,
  sha256: SHA,
  md5: MD5,
  metadata: {
    contentType: 'application/json; charset=utf-8',
    contentEncoding: 'gzip',
    cacheControl: 'public, max-age=31536000, immutable',
  },
};
const STORED: StoredHead = {
  size: 120,
  etag: MD5,
  sha256: SHA,
  contentType: 'application/json; charset=utf-8',
  contentEncoding: 'gzip',
  cacheControl: 'public, max-age=31536000, immutable',
};

const Matches = suite('an object in the bucket is trusted');

Matches('only with the right size, bytes and headers', () => {
  const cases: Array<[string, Partial<StoredHead>, boolean]> = [
    ['as publish put it', {}, true],
    ['one byte short', { size: 119 }, false],
    ['one byte longer', { size: 121 }, false],
    ['another sha256 in its metadata', { sha256: 'c'.repeat(64) }, false],
    // A publish's own sha256 decides: an SSE-KMS or multipart ETag is no MD5.
    ['sha256 right, ETag not an MD5', { etag: 'd'.repeat(32) }, true],
    ['sha256 right, multipart ETag', { etag: `${'e'.repeat(32)}-3` }, true],
    ['no sha256, ETag the MD5 of the bytes (another tool, an older snapi)', { sha256: undefined }, true],
    ['no sha256, ETag the MD5 in capitals', { sha256: undefined, etag: MD5.toUpperCase() }, true],
    ['no sha256, ETag of other bytes', { sha256: undefined, etag: 'f'.repeat(32) }, false],
    ['no sha256, multipart ETag', { sha256: undefined, etag: `${MD5}-2` }, false],
    ['no sha256, no ETag', { sha256: undefined, etag: undefined }, false],
    ['another content type', { contentType: 'application/octet-stream' }, false],
    ['no content type', { contentType: undefined }, false],
    ['the content type respelled', { contentType: 'Application/JSON;charset=UTF-8' }, true],
    ['no Content-Encoding', { contentEncoding: undefined }, false],
    ['another Content-Encoding', { contentEncoding: 'br' }, false],
    ['another Cache-Control', { cacheControl: 'no-cache' }, false],
  ];
  assert.equal(
    cases.map(([name, change]) => [name, storedObjectMatches({ ...STORED, ...change }, WANTED)]),
    cases.map(([name, , trusted]) => [name, trusted]),
  );
});

Matches('an object without Content-Encoding is right when none is wanted', () => {
  const plain = { ...WANTED, metadata: { ...WANTED.metadata, contentEncoding: undefined } };
  assert.equal(
    [storedObjectMatches({ ...STORED, contentEncoding: undefined }, plain), storedObjectMatches(STORED, plain)],
    [true, false],
  );
});

Matches.run();
