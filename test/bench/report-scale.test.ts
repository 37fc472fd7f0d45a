// The scale rows of the benchmark table: growth from the smallest to the largest site against a linear bound, and
// memory.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { scaleRows } from './report.ts';

const rows = suite('scale rows');

rows(
  "compares the largest with the smallest site against 1.2 × the page ratio, and the largest build's memory with 1,000 MB",
  () => {
    const scale = [
      { pages: 40000, wallMs: 130000, cpuMs: 200000, peakRssMb: 1600 },
      { pages: 4000, wallMs: 10000, cpuMs: 20000, peakRssMb: 500 },
      { pages: 20000, wallMs: 50000, cpuMs: 100000, peakRssMb: 900 },
    ];
    assert.equal(scaleRows(scale), [
      { measure: 'build time, 40000 / 4000 pages', value: 13, target: '≤ 12', met: false },
      { measure: 'build CPU time, 40000 / 4000 pages', value: 10, target: '≤ 12', met: true },
      { measure: 'build peak RSS, 40000 pages', value: 1600, target: '≤ 1000 MB', met: false },
    ]);
  },
);

rows('the bound follows the sizes measured, and one size alone gives no row', () => {
  const scale = [
    { pages: 4000, wallMs: 10000, cpuMs: 20000, peakRssMb: 500 },
    { pages: 20000, wallMs: 50000, cpuMs: 100000, peakRssMb: 1100 },
  ];
  assert.equal(
    scaleRows(scale).map((row) => [row.target, row.met]),
    [
      ['≤ 6', true],
      ['≤ 6', true],
      ['≤ 1000 MB', false],
    ],
  );
  assert.equal(scaleRows([scale[0]!]), []);
});

rows.run();
