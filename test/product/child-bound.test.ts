// The bound every child-process test runs under (test/helpers/child-bound.ts): a loop and a wait that never end are
// killed with a message saying which, and a child slower on the wall clock than its bounds, as on a loaded machine,
// is left to finish while it makes progress.
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { timeScale } from '../helpers/child-bound.ts';
import { BoundExceeded, runCommand } from '../helpers/run-process.ts';

/** Runs `node -e script` under `bound`; the reason it was killed, or its exit code and output. */
async function underBound(
  script: string,
  bound: { cpuSeconds: number; idleSeconds: number; wallSeconds?: number },
): Promise<{ killed?: string; code?: number | null; seconds: number }> {
  const started = Date.now();
  try {
    const run = await runCommand(process.execPath, ['-e', script], {
      bound: { wallSeconds: 120, ...bound },
      environment: { SNAPI_TEST_TIME_SCALE: '1' },
    });
    return { code: run.code, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    if (!(error instanceof BoundExceeded)) throw error;
    return { killed: error.message, seconds: (Date.now() - started) / 1000 };
  }
}

const Bound = suite('a child process under its bound');
// The bounds below are read with the scale of the test run's environment: run this file without one.
Bound.before(() => {
  delete process.env.SNAPI_TEST_TIME_SCALE;
});

Bound('a loop that never ends is killed once it has used its CPU seconds, saying so', async () => {
  const outcome = await underBound('for (;;);', { cpuSeconds: 1, idleSeconds: 60 });
  assert.match(String(outcome.killed), /: killed, it used 1 s of CPU without ending \(a loop that never ends\?\)\n/);
});

Bound('a loop in a grandchild counts, and the grandchild is killed with it', async () => {
  const script = `const c = require('node:child_process').spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' });
    process.stdout.write(String(c.pid)); setInterval(() => {}, 1000);`;
  const outcome = await underBound(script, { cpuSeconds: 1, idleSeconds: 60 });
  assert.match(String(outcome.killed), /it used 1 s of CPU without ending/);
  const grandchild = Number(/stdout: (\d+)/.exec(String(outcome.killed))?.[1]);
  assert.ok(grandchild > 0, String(outcome.killed));
  // Gone, or dead and not yet reaped by whoever inherited it.
  const state = () => {
    try {
      return readFileSync(`/proc/${grandchild}/stat`, 'utf8').split(') ')[1]?.[0];
    } catch {
      return 'gone';
    }
  };
  for (let wait = 0; wait < 50 && !['gone', 'Z', 'X'].includes(state() ?? ''); wait++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  assert.ok(['gone', 'Z', 'X'].includes(state() ?? ''), `the grandchild is ${state()}`);
});

Bound('a child that waits for what never comes is killed once it made no progress for its idle seconds', async () => {
  const outcome = await underBound('setTimeout(() => {}, 1e9);', { cpuSeconds: 60, idleSeconds: 2 });
  assert.match(String(outcome.killed), /: killed, it made no progress for \d+ s: no output, almost no CPU/);
});

Bound('a child slower on the wall clock than its CPU and idle bounds finishes while it makes progress', async () => {
  // Four seconds of short bursts of work, silent: as a loaded machine stretches a child that needs little CPU.
  const bursts = `const end = Date.now() + 4000;
    const tick = () => { const busy = Date.now() + 60; while (Date.now() < busy); if (Date.now() < end) setTimeout(tick, 400); };
    tick();`;
  const silent = await underBound(bursts, { cpuSeconds: 2, idleSeconds: 2 });
  assert.equal([silent.killed, silent.code], [undefined, 0]);
  assert.ok(silent.seconds > 3, `${silent.seconds} s`);
  // Output is progress too, even without CPU to speak of.
  const talking = await underBound(
    'let n = 0; const t = setInterval(() => { console.log(n++); if (n === 12) clearInterval(t); }, 300);',
    { cpuSeconds: 2, idleSeconds: 2 },
  );
  assert.equal([talking.killed, talking.code], [undefined, 0]);
});

Bound('the wall clock is the last resort, for a child that keeps itself barely busy', async () => {
  const outcome = await underBound('setInterval(() => console.log("."), 200);', {
    cpuSeconds: 60,
    idleSeconds: 60,
    wallSeconds: 2,
  });
  assert.match(String(outcome.killed), /: killed, it ran \d+ s on the wall clock \(bound 2 s\)/);
});

Bound('SNAPI_TEST_TIME_SCALE multiplies every bound; anything but a positive number is refused', () => {
  assert.is(timeScale({}), 1);
  assert.is(timeScale({ SNAPI_TEST_TIME_SCALE: '2.5' }), 2.5);
  for (const wrong of ['0', '-1', 'fast', ''])
    assert.throws(
      () => timeScale({ SNAPI_TEST_TIME_SCALE: wrong }),
      (error: Error) => error.message === `SNAPI_TEST_TIME_SCALE must be a positive number, not "${wrong}"`,
    );
});

Bound.run();
