// The auth timing benchmark's verdict follows its t statistic (it once printed "no detectable difference" for t = -27).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { median, timingVerdict, welchT } from './timing-verdict.ts';

const verdict = suite('auth timing verdict');

verdict("computes Welch's t and the median", () => {
  assert.is(welchT([1, 2, 3], [1, 2, 3]), 0);
  assert.is(welchT([4, 5, 6], [1, 2, 3]).toFixed(4), '3.6742');
  assert.equal([median([5, 1, 3]), median([4, 1, 3, 2])], [3, 2.5]);
});

verdict('reports a difference when |t| reaches the threshold, either way, and none below it', () => {
  const slow = [104, 105, 103, 104, 106, 104];
  const fast = [2, 3, 2, 2, 3, 2];
  const noisy = [104, 110, 98, 103, 107, 100];
  const cases = [
    [fast, slow, true, "Welch's t = -216.37: DETECTABLE DIFFERENCE (|t| >= 2), unknown users are answered faster"],
    [slow, fast, true, "Welch's t = 216.37: DETECTABLE DIFFERENCE (|t| >= 2), wrong passwords are answered faster"],
    [noisy, slow, false, "Welch's t = -0.36: no detectable difference (|t| < 2)"],
  ] as const;
  assert.equal(
    cases.map(([unknown, wrong]) => {
      const { differs, text } = timingVerdict(unknown, wrong);
      return [unknown, wrong, differs, text];
    }),
    cases,
  );
});

verdict.run();
