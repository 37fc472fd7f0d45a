// Specification of PHP json_encode output without flags
// (docs/typemill.md: JSON is encoded as PHP's json_encode encodes it).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { encodePhpJson, PhpFloat } from '../../../generator/php/php-json.ts';

const strings = suite('encodePhpJson: strings');

const STRINGS: Array<[value: string, json: string, why: string]> = [
  ['a/b', '"a\\/b"', 'escapes the slash'],
  ['</p>', '"<\\/p>"', 'does not escape < and >, only the slash'],
  ['ü', '"\\u00fc"', 'escapes non-ASCII as lower-case \\uXXXX'],
  ['Über uns', '"\\u00dcber uns"', 'escapes upper-case umlauts'],
  ['€', '"\\u20ac"', 'escapes BMP characters with four hex digits'],
  ['😀', '"\\ud83d\\ude00"', 'escapes astral characters as a surrogate pair'],
  ['\b\f\n\r\t', '"\\b\\f\\n\\r\\t"', 'uses the short escapes for control characters that have one'],
  ['\u0001\u001f', '"\\u0001\\u001f"', 'escapes other control characters as \\u00XX'],
  ['\u007f', '"\u007f"', 'leaves DEL raw'],
  ["<>&'", '"<>&\'"', 'leaves <, >, & and the apostrophe as they are'],
  ['say "hi" \\ now', '"say \\"hi\\" \\\\ now"', 'escapes quotes and backslashes'],
  [
    '\\Typemill\\Models\\Storage',
    '"\\\\Typemill\\\\Models\\\\Storage"',
    'writes the storage class name with doubled backslashes',
  ],
];
for (const [value, json, why] of STRINGS) {
  strings(`${why}: ${JSON.stringify(value)} → ${json}`, () => {
    assert.is(encodePhpJson(value), json);
  });
}
strings.run();

const numbers = suite('encodePhpJson: numbers');

const NUMBERS: Array<[value: number | PhpFloat, json: string]> = [
  [12, '12'],
  [-3, '-3'],
  [0, '0'],
  [1714003200, '1714003200'],
  [new PhpFloat(12), '12'],
  [new PhpFloat(1000), '1000'],
  [new PhpFloat(1.5), '1.5'],
  [new PhpFloat(-0.25), '-0.25'],
  [new PhpFloat(0.1), '0.1'],
  [new PhpFloat(0.0001), '0.0001'],
  [new PhpFloat(0.00001), '1.0e-5'],
  [new PhpFloat(1.5e-7), '1.5e-7'],
  [new PhpFloat(1e16), '10000000000000000'],
  [new PhpFloat(1e17), '1.0e+17'],
  [new PhpFloat(1.25e20), '1.25e+20'],
  [2.5, '2.5'],
];
for (const [value, json] of NUMBERS) {
  const label = value instanceof PhpFloat ? `float ${value.value}` : `integer ${value}`;
  numbers(`writes ${label} as ${json}`, () => {
    assert.is(encodePhpJson(value), json);
  });
}

numbers('writes a float without fraction as PHP does without JSON_PRESERVE_ZERO_FRACTION', () => {
  assert.is(encodePhpJson({ width: new PhpFloat(12) }), '{"width":12}');
});
numbers.run();

const structures = suite('encodePhpJson: arrays and objects');

structures('writes compact JSON with keys in insertion order', () => {
  assert.is(
    encodePhpJson({ b: 1, a: [true, false, null], c: { d: 'x' } }),
    '{"b":1,"a":[true,false,null],"c":{"d":"x"}}',
  );
});

structures('writes an empty array and an empty PHP array as []', () => {
  assert.is(
    encodePhpJson({ folderContent: [], userdata: [], meta: {} }),
    '{"folderContent":[],"userdata":[],"meta":[]}',
  );
});

structures('writes a PHP array with keys 0..n-1 as a list', () => {
  assert.is(encodePhpJson({ 0: 'a', 1: 'b' }), '["a","b"]');
});

structures('writes a PHP array with other integer keys as an object', () => {
  assert.is(encodePhpJson({ 1: 'a', 2: 'b' }), '{"1":"a","2":"b"}');
});

structures('escapes keys like strings', () => {
  assert.is(encodePhpJson({ 'ü/x': 1 }), '{"\\u00fc\\/x":1}');
});

structures('leaves out members that are undefined', () => {
  assert.is(encodePhpJson({ a: 1, b: undefined }), '{"a":1}');
});
structures.run();

const wholeBodies = suite('encodePhpJson: whole bodies');

wholeBodies('writes floats PHP prints differently anywhere in a nested body', () => {
  assert.is(
    encodePhpJson({ a: [new PhpFloat(1e20), 0.5, new PhpFloat(-0)], b: { c: 1e-7, d: Number.NaN } }),
    '{"a":[1.0e+20,0.5,-0],"b":{"c":1.0e-7,"d":0}}',
  );
});

wholeBodies('keeps a string that looks like the internal float marker a string', () => {
  assert.is(encodePhpJson({ s: '\u0000php-float:1', f: new PhpFloat(1e20) }), '{"s":"\\u0000php-float:1","f":1.0e+20}');
  assert.is(encodePhpJson(['\u0000php-float:2']), '["\\u0000php-float:2"]');
});

wholeBodies('writes an object whose members are all undefined as []', () => {
  assert.is(encodePhpJson({ meta: { a: undefined } }), '{"meta":[]}');
});

wholeBodies('decides list or object after leaving out undefined members', () => {
  assert.is(encodePhpJson({ x: { 0: 'a', 1: undefined }, y: { 0: undefined, 1: 'b' } }), '{"x":["a"],"y":{"1":"b"}}');
});

wholeBodies('writes undefined in a list and a function anywhere as null', () => {
  assert.is(encodePhpJson({ list: [undefined, 1], f: () => 1 }), '{"list":[null,1],"f":null}');
  assert.is(encodePhpJson(undefined), 'null');
});

wholeBodies('escapes slashes and non-ASCII in keys and values of a whole body', () => {
  assert.is(
    encodePhpJson({ content: [{ id: 0, markdown: '# Ä/ö', html: '<h1>Ä/ö 😀</h1>' }] }),
    '{"content":[{"id":0,"markdown":"# \\u00c4\\/\\u00f6","html":"<h1>\\u00c4\\/\\u00f6 \\ud83d\\ude00<\\/h1>"}]}',
  );
});
wholeBodies('writes an integer of 2^63 or more as PHP writes that float, also inside a body of strings', () => {
  assert.is(
    encodePhpJson({ content: [{ id: 0, size: 2 ** 63, html: '<p>a</p>' }] }),
    '{"content":[{"id":0,"size":9.223372036854776e+18,"html":"<p>a<\\/p>"}]}',
  );
  assert.is(encodePhpJson({ list: [1, -1e20] }), '{"list":[1,-1.0e+20]}');
});

wholeBodies('writes a nested PHP list as a list inside a body of strings', () => {
  assert.is(encodePhpJson({ title: 't', tags: { 0: 'a', 1: 'b' } }), '{"title":"t","tags":["a","b"]}');
});

wholeBodies('writes a value with toJSON as JSON.stringify reads it, then by PHP rules', () => {
  assert.is(encodePhpJson({ at: new Date(Date.UTC(2024, 5, 1)) }), '{"at":"2024-06-01T00:00:00.000Z"}');
});
wholeBodies.run();
