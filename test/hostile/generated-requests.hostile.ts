// 6,000 generated hostile requests from two fixed seeds: every one answered as expected, safely, and the server stays
// up.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHostileFixture } from './hostile-fixture.ts';
import type { HostileFixture } from './hostile-fixture.ts';
import { generateCases } from './request-generator.ts';
import { runGenerated } from './run-generated.ts';
import { exchange } from './raw-http.ts';

let fixture: HostileFixture;
const generated = suite('generated hostile requests from seeded generators');
generated.before(async () => {
  fixture = await startHostileFixture('generated-requests');
});
generated.after(async () => {
  await fixture.close();
});

for (const [seed, count] of [
  [20250101, 3000],
  [777, 3000],
] as const) {
  generated(`seed ${seed}: all ${count} cases get their expected status, a JSON body and no private byte`, async () => {
    const cases = generateCases(seed, count);
    assert.is(new Set(cases.map((testCase) => testCase.family)).size, 8);
    const failures = await runGenerated(fixture.port, cases);
    assert.equal(failures.slice(0, 20), []);
  });
}

generated('the gateway is still up after the generated cases', async () => {
  const result = await exchange(fixture.port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
  assert.is(result.responses[0]?.status, 200);
});

generated.run();
