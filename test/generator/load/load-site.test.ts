// Specification of strict UTF-8 decoding of site files, with the line of the first bad byte.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeUtf8 } from '../../../generator/load/load-site.ts';

const bytes = (...values: Array<string | number[]>) =>
  Buffer.concat(values.map((value) => (typeof value === 'string' ? Buffer.from(value) : Buffer.from(value))));

const decode = suite('decodeUtf8');

decode('returns the text of valid UTF-8, multi-byte characters included', () => {
  assert.is(decodeUtf8(bytes('Äpfel & Birnen 😀\n'), 'content/a.md'), 'Äpfel & Birnen 😀\n');
});

decode('keeps a byte order mark as the first character', () => {
  assert.is(decodeUtf8(bytes([0xef, 0xbb, 0xbf], 'meta:'), 'content/a.yaml'), '\ufeffmeta:');
});

const INVALID: Array<[label: string, input: Buffer, line: number]> = [
  ['a Latin-1 byte on line 3', bytes('one\ntwo\nStra', [0xdf], 'e\n'), 3],
  ['a lone continuation byte on line 1', bytes([0x80], 'x'), 1],
  ['a truncated sequence at the end of line 2', bytes('ok\nend ', [0xe2, 0x82]), 2],
  ['an overlong encoding', bytes('a\n', [0xc0, 0xaf]), 2],
  ['an encoded surrogate', bytes('a\nb\nc\n', [0xed, 0xa0, 0x80]), 4],
];
for (const [label, input, line] of INVALID) {
  decode(`reports ${label} with its line`, () => {
    assert.equal(decodeUtf8(input, 'content/bad.md'), {
      file: 'content/bad.md',
      line,
      message: 'file is not valid UTF-8',
    });
  });
}
decode.run();
