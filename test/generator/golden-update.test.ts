// UPDATE_GOLDEN=1 rewrites the reviewed expected files, so it is refused under CI, where it would make the golden test
// pass by definition.
import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { GOLDEN_UPDATE_REFUSED, shouldUpdateGolden } from '../helpers/golden-update.ts';
import type { GoldenEnvironment } from '../helpers/golden-update.ts';
import { FIXTURES } from '../helpers/fixture-site.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..', '..');
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
    const failure = await run(process.execPath, ['test/run.mjs', '^generator/golden\\.test\\.ts$'], {
      cwd: ROOT,
      env: { ...process.env, CI: 'true', UPDATE_GOLDEN: '1' },
    }).then(
      () => undefined,
      (error: { code: number; stdout: string }) => error,
    );
    assert.ok(failure, 'the run should fail');
    const output = (failure?.stdout ?? '').replace(/\x1b\[[0-9;]*m/g, '');
    assert.is(failure?.code, 1);
    assert.ok(output.includes(GOLDEN_UPDATE_REFUSED), output);
    assert.match(output, /^0 passed, 1 failed$/m);
    assert.equal(await expectedFileTimes(), before);
  },
);

update.run();
