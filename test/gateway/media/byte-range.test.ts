// Range headers: one range is served, unsatisfiable ones get 416, anything else the whole file.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseRange } from '../../../gateway/media/byte-range.ts';

const ranges = suite('parseRange');

ranges('reads one byte range of a 100-byte file as RFC 9110 says', () => {
  const cases: Array<[string | undefined, ReturnType<typeof parseRange>]> = [
    [undefined, { kind: 'whole' }],
    ['bytes=0-9', { kind: 'part', start: 0, end: 9 }],
    ['bytes=90-', { kind: 'part', start: 90, end: 99 }],
    ['bytes=-10', { kind: 'part', start: 90, end: 99 }],
    ['bytes=-1000', { kind: 'part', start: 0, end: 99 }],
    ['bytes=50-5000', { kind: 'part', start: 50, end: 99 }],
    ['Bytes = 1 - 2', { kind: 'part', start: 1, end: 2 }],
    ['bytes=99-99', { kind: 'part', start: 99, end: 99 }],
    ['bytes=100-', { kind: 'unsatisfiable' }],
    ['bytes=100-200', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=5-1', { kind: 'whole' }],
    ['bytes=0-1,5-6', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
    ['bytes=a-b', { kind: 'whole' }],
  ];
  for (const [header, expected] of cases) assert.equal([header, parseRange(header, 100)], [header, expected]);
});

ranges('finds nothing to send in an empty file', () => {
  assert.equal(parseRange('bytes=0-', 0), { kind: 'unsatisfiable' });
  assert.equal(parseRange('bytes=-5', 0), { kind: 'unsatisfiable' });
  assert.equal(parseRange(undefined, 0), { kind: 'whole' });
});

ranges.run();
