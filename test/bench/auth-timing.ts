// Timing of failed logins: unknown user vs wrong password, over loopback; means, medians and Welch's t decide the
// verdict (exit 1 on a difference).
import { performance } from 'node:perf_hooks';
import bcrypt from 'bcryptjs';
import { startHostileFixture } from '../hostile/hostile-fixture.ts';
import { exchange } from '../hostile/raw-http.ts';
import { USERS, basic } from '../gateway/fixture.ts';
import { mean, median, timingVerdict, variance } from './timing-verdict.ts';

const SAMPLES = Number(process.env.SAMPLES ?? 300);
/** Typemill's cost: the realistic case. */
const COST = 10;
const user = {
  username: 'timinguser',
  role: 'editor',
  password: 'timing-secret',
  hash: bcrypt.hashSync('timing-secret', COST).replace(/^\$2b\$/, '$2y$'),
};

const fixture = await startHostileFixture('auth-timing', {}, { users: [...Object.values(USERS), user] });
const timeOne = async (authorization: string): Promise<number> => {
  const started = performance.now();
  const result = await exchange(
    fixture.port,
    `GET /api/v1/navigation HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\n\r\n`,
  );
  const elapsed = performance.now() - started;
  if (result.responses[0]?.status !== 401) throw new Error(`expected 401, got ${result.responses[0]?.status}`);
  return elapsed;
};
const unknown: number[] = [];
const wrong: number[] = [];
try {
  // Interleaved, each with a fresh password so the credential cache never answers.
  for (let sample = 0; sample < SAMPLES; sample++) {
    unknown.push(await timeOne(basic({ username: `nobody-${sample}`, password: `guess-${sample}` })));
    wrong.push(await timeOne(basic({ username: user.username, password: `guess-${sample}` })));
  }
} finally {
  await fixture.close();
}
const format = (values: number[]) =>
  `mean ${mean(values).toFixed(3)} ms, median ${median(values).toFixed(3)} ms, sd ${Math.sqrt(variance(values)).toFixed(3)} ms`;
const verdict = timingVerdict(unknown, wrong);
console.log(`auth timing, bcrypt cost ${COST}, ${SAMPLES} samples each over loopback`);
console.log(`  unknown user:   ${format(unknown)}`);
console.log(`  wrong password: ${format(wrong)}`);
console.log(`  ${verdict.text}`);
if (verdict.differs) process.exitCode = 1;
