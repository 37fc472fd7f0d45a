// UPDATE_GOLDEN=1 rewrites the reviewed expected files, so it is refused under CI, where it would make the golden test
// pass by definition.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { GOLDEN_UPDATE_REFUSED, shouldUpdateGolden } from '../helpers/golden-update.ts';
import type { GoldenEnvironment } from '../helpers/golden-update.ts';
import { FIXTURES } from '../helpers/fixture-site.ts';
import { runProcess } from '../helpers/run-process.ts';

const EXPECTED = join(FIXTURES, 'expected');

async function expectedFileTimes(): Promise<string[]> {
  const names = (await readdir(EXPECTED)).sort();
  return Promise.all(names.map(async (name) => `${name} ${(await stat(join(EXPECTED, name))).mtimeMs}`));
}

const update = suite('golden updates');

update('are made only for UPDATE_GOLDEN=1 without CI', () => {
  const cases: Array<[GoldenEnvironment, boolean | 'refused']> = [
    [{}, false],
    [{ UPDATE_GOLDEN: '1' }, true],
    [{ UPDATE_GOLDEN: '1', CI: '' }, true],
    [{ UPDATE_GOLDEN: '0', CI: 'true' }, false],
    [{ CI: 'true' }, false],
    [{ UPDATE_GOLDEN: '1', CI: 'true' }, 'refused'],
    [{ UPDATE_GOLDEN: '1', CI: '1' }, 'refused'],
  ];
  const outcome = (environment: GoldenEnvironment) => {
    try {
      return shouldUpdateGolden(environment);
    } catch (error) {
      return (error as Error).message === GOLDEN_UPDATE_REFUSED ? 'refused' : String(error);
    }
  };
  assert.equal(
    cases.map(([environment]) => [environment, outcome(environment)]),
    cases,
  );
});

update(
  'the golden suite run with CI=true UPDATE_GOLDEN=1 fails with the reason and leaves the expected files alone',
  async () => {
    const before = await expectedFileTimes();
    // The runner builds the gateway and runs a suite: more CPU than one command.
    const failure = await runProcess('test/run.mjs', ['^generator/golden\\.test\\.ts$'], {
      environment: { CI: 'true', UPDATE_GOLDEN: '1' },
      bound: { cpuSeconds: 90 },
    });
    const output = failure.stdout.replace(/\x1b\[[0-9;]*m/g, '');
    assert.is(failure.code, 1, 'the run should fail');
    assert.ok(output.includes(GOLDEN_UPDATE_REFUSED), output);
    assert.match(output, /^0 passed, 1 failed$/m);
    assert.equal(await expectedFileTimes(), before);
  },
);

update.run();
