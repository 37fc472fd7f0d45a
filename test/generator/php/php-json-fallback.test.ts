// The reference encoder that encodePhpJson falls back to writes `/` as `\/` in values and keys, as PHP does.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encodePhpJson, PhpFloat } from '../../../generator/php/php-json.ts';

/** A string shaped like the fast path's float marker sends the whole value through the fallback encoder. */
const MARKER_LOOKALIKE = '\u0000php-float:1';

const fallback = suite('encodePhpJson fallback encoder');

fallback('escapes / in strings, keys and nested values', () => {
  const value = {
    marker: MARKER_LOOKALIKE,
    'a/b': '</p>',
    list: ['http://x/y', { url: '/docs/page' }],
    size: new PhpFloat(1e20),
  };
  assert.is(
    encodePhpJson(value),
    '{"marker":"\\u0000php-float:1","a\\/b":"<\\/p>","list":["http:\\/\\/x\\/y",{"url":"\\/docs\\/page"}],"size":1.0e+20}',
  );
});

fallback('gives the same text as the fast path for a value without the marker', () => {
  const value = { path: '/a/b', html: '<a href="/x">ü</a>' };
  const viaFallback = JSON.parse(encodePhpJson({ ...value, marker: MARKER_LOOKALIKE })) as Record<string, unknown>;
  assert.equal(viaFallback, { ...value, marker: MARKER_LOOKALIKE });
  assert.is(
    encodePhpJson({ ...value, marker: MARKER_LOOKALIKE }),
    encodePhpJson(value).slice(0, -1) + ',"marker":"\\u0000php-float:1"}',
  );
});

fallback.run();
