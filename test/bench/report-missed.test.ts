// A missed row of the benchmark table says by how much, and where the profile that explains it is written down.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { explainedIn, gatewayMemoryRows, missedBy } from './report.ts';

const missed = suite('missed targets');

missed('the factor is measured / limit for an upper bound and limit / measured for a lower one', () => {
  const rows = [
    { measure: 'full build of 4000 pages, snapi / Eleventy', value: 1.63, target: '≤ 0.5', met: false },
    { measure: 'req/s, snapi (auth) / bare node:http', value: 0.34, target: '≥ 0.85', met: false },
    { measure: 'build peak RSS, 40000 pages', value: 3742, target: '≤ 1536 MB', met: false },
    { measure: 'gateway RSS under load, 40000-page snapshot', value: 4430, target: '≤ 250 MB', met: false },
    { measure: 'gateway start-up (spawn to listening), 600 pages', value: 400, target: '≤ 2000 ms', met: true },
    { measure: 'full build of 4000 pages, snapi / Hugo', value: null, target: '≤ 2', met: null, note: 'not available' },
  ];
  assert.equal(rows.map(missedBy), ['3.3×', '2.5×', '2.4×', '18×', '', '']);
});

missed('each kind of row points to its section; met rows point nowhere', () => {
  const row = (measure: string, met: boolean | null = false) => ({ measure, value: 2, target: '≤ 1', met });
  assert.equal(
    [
      explainedIn(row('rebuild after one page changed / full build')),
      explainedIn(row('npm run dev: save to served, p95 of 20 edits, the 4000-page site')),
      explainedIn(row('build peak RSS, 40000 pages')),
      explainedIn(row('valid users p99 during a wrong-password flood / without')),
      explainedIn(row('gateway RSS under load, 40000-page snapshot')),
      explainedIn(row('req/s, snapi (auth) / bare node:http (same bodies per URL), Accept-Encoding none')),
      explainedIn(row('markdown: nested brackets (50001 characters), ms')),
      explainedIn(row('req/s, snapi / nginx', true)),
    ],
    [
      'docs/performance.md: Why the build targets are still missed',
      'docs/performance.md: The dev loop',
      'docs/performance.md: Scale',
      'docs/performance.md: Login floods',
      'docs/performance.md: Gateway',
      'docs/performance.md: The request path',
      'docs/performance.md: Pathological markdown',
      '',
    ],
  );
});

missed('the largest scale snapshot gives the gateway start-up and memory rows', () => {
  const rows = gatewayMemoryRows({
    pages: 40000,
    startMs: 1850,
    rssAfterStartMb: 280.4,
    rssUnderLoadMb: 301.2,
    requestsPerSecond: 9000,
  });
  assert.equal(rows, [
    {
      measure: 'gateway start-up (spawn to listening), 40000 pages',
      value: 1850,
      target: '≤ 2000 ms',
      met: true,
      note: 'RSS once loaded 280 MB',
    },
    {
      measure: 'gateway RSS under load, 40000-page snapshot',
      value: 301.2,
      target: '≤ 250 MB',
      met: false,
      note: '9000 req/s',
    },
  ]);
  assert.equal(rows.map(missedBy), ['', '1.2×']);
});

missed.run();
