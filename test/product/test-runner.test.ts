// test/run.mjs on tiny temporary suites: its closing line counts right, and skipped tests, `.only` and empty runs fail
// it.
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { runProcess } from '../helpers/run-process.ts';

/** Written apart so that this file does not itself trip the runner's `.only` scan. */
const ONLY = ['on', 'ly'].join('');

type Line = ['pass' | 'fail' | 'skip' | 'only', string];

function probeSource(lines: Line[]): string {
  const calls = lines.map(([kind, name]) => {
    const call = { pass: 'probe', fail: 'probe', skip: 'probe.skip', only: `probe.${ONLY}` }[kind];
    return `${call}(${JSON.stringify(name)}, () => assert.ok(${kind !== 'fail'}));`;
  });
  return [
    "import { suite } from 'uvu';",
    "import * as assert from 'uvu/assert';",
    "const probe = suite('probe');",
    ...calls,
    'probe.run();',
    '',
  ].join('\n');
}

/** Runs test/run.mjs on one temporary folder of probe suites; returns its exit code, last line and error output. */
async function runProbes(files: Record<string, Line[]>): Promise<{ code: number; last: string; errors: string }> {
  const directory = await temporaryDir('runner');
  try {
    await mkdir(directory, { recursive: true });
    for (const [name, lines] of Object.entries(files))
      await writeFile(join(directory, `${name}.probe.ts`), probeSource(lines));
    const pattern = `^\\.tmp/${basename(directory)}/.*\\.probe\\.ts$`;
    // The runner builds the gateway before it runs the probes: more CPU than one command.
    const outcome = await runProcess('test/run.mjs', [pattern], {
      environment: { FORCE_COLOR: '1' },
      bound: { cpuSeconds: 60 },
    });
    const last = outcome.stdout.trimEnd().split('\n').at(-1) ?? '';
    return { code: outcome.code ?? -1, last, errors: outcome.stderr.replaceAll(basename(directory), 'DIR') };
  } finally {
    await removeDir(directory);
  }
}

const runner = suite('test/run.mjs');

runner('passes a run where every test passes', async () => {
  assert.equal(
    await runProbes({
      a: [
        ['pass', 'one'],
        ['pass', 'two'],
      ],
      b: [['pass', 'three']],
    }),
    { code: 0, last: '3 passed, 0 failed', errors: '' },
  );
});

runner('fails a run with a failing test and counts it', async () => {
  const outcome = await runProbes({
    a: [
      ['pass', 'one'],
      ['fail', 'two'],
    ],
  });
  assert.equal([outcome.code, outcome.last], [1, '1 passed, 1 failed']);
});

runner("counts skipped tests despite uvu's forced colour and fails the run", async () => {
  assert.equal(
    await runProbes({
      a: [
        ['pass', 'one'],
        ['skip', 'two'],
        ['pass', 'three'],
      ],
    }),
    {
      code: 1,
      last: '2 passed, 0 failed, 1 skipped',
      errors: 'test/run.mjs: 1 tests were skipped; tests must run or be deleted\n',
    },
  );
});

runner('fails a run where .only leaves two failing tests out, naming the file', async () => {
  assert.equal(
    await runProbes({
      a: [['pass', 'first']],
      b: [
        ['only', 'kept'],
        ['fail', 'left out'],
        ['fail', 'also left out'],
      ],
    }),
    {
      code: 1,
      last: '2 passed, 0 failed, 2 skipped',
      errors: `test/run.mjs: test/.tmp/DIR/b.probe.ts calls .${ONLY}(), which leaves the other tests out\ntest/run.mjs: 2 tests were skipped; tests must run or be deleted\n`,
    },
  );
});

runner('fails a run whose only test is marked .only, though uvu skips nothing', async () => {
  const outcome = await runProbes({ a: [['only', 'alone']] });
  assert.equal([outcome.code, outcome.last], [1, '1 passed, 0 failed']);
});

runner('fails a run that finds no tests', async () => {
  assert.equal(await runProbes({}), { code: 1, last: '0 passed, 0 failed', errors: '' });
});

runner.run();
