// A quick sample of the generated hostile requests for every `npm test` (the full 6,000 run in `npm run test:hostile`).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHostileFixture } from './hostile-fixture.ts';
import type { HostileFixture } from './hostile-fixture.ts';
import { generateCases } from './request-generator.ts';
import { runGenerated } from './run-generated.ts';

let fixture: HostileFixture;
const sample = suite('a seeded sample of generated hostile requests');
sample.before(async () => {
  fixture = await startHostileFixture('generated-sample');
});
sample.after(async () => {
  await fixture.close();
});

sample('seed 42: 500 cases get their expected status, a JSON body and no private byte', async () => {
  const failures = await runGenerated(fixture.port, generateCases(42, 500));
  assert.equal(failures.slice(0, 20), []);
});

sample('the same seed always gives the same cases', () => {
  const bytes = (seed: number) => generateCases(seed, 50).map((testCase) => testCase.send.toString('latin1'));
  assert.equal(bytes(9), bytes(9));
  assert.not.equal(bytes(9), bytes(10));
});

sample.run();
