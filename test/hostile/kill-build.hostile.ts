// SIGKILL at 20 seeded moments of a build: `dist/current` is absent or a complete snapshot, and a final build succeeds.
import { spawn } from 'node:child_process';
import { appendFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { makeSite } from '../bench/make-site.ts';
import { createRandom } from '../bench/prng.ts';
import { watchChild } from '../helpers/child-bound.ts';
import { removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { readSnapshot } from '../helpers/snapshot-bodies.ts';
import { snapshotProblems } from './published-state.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PAGES = 300;
const KILLS = 20;
const SEED = 20_240_517;
/** The first kills hit builds into an empty dist folder; then one build publishes, and the rest hit rebuilds. */
const KILLS_ON_EMPTY_DIST = 2;
/** Kill moments spread over the writing phase and a little beyond it, so a few builds finish. */
const KILL_WINDOW_SCALE = 1.1;
const POLL_MS = 2;

interface BuildRun {
  /** Exit code, or `null` when the kill ended it. */
  code: number | null;
  /** Milliseconds from start until the staging folder appeared (the build began writing), and until exit. */
  writingFrom?: number;
  milliseconds: number;
}

async function stagingFolders(out: string): Promise<string[]> {
  const names = await readdir(join(out, DIST_LAYOUT.snapshotsDir)).catch(() => []);
  return names.filter((name) => name.startsWith('.staging-'));
}

/** Runs `node --import tsx generator/cli/build.ts`; with `killAfterWritingMs`, sends SIGKILL that long after the build
 *  starts writing. */
async function runBuild(site: string, out: string, killAfterWritingMs?: number): Promise<BuildRun> {
  // Killed builds leave staging folders behind until the next publish: only a new one means this build is writing.
  const leftOver = new Set(await stagingFolders(out));
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'generator/cli/build.ts', '--site', site, '--out', out], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  // A build that never ends is killed past its bound and fails the test saying why (child-bound.ts); 300 pages take
  // more CPU than the default allows on a slow machine.
  const watch = watchChild(child, { cpuSeconds: 60 });
  const exited = new Promise<number | null>((resolveExit, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      watch.stop();
      if (watch.expired === undefined) resolveExit(code);
      else reject(new Error(`the build of ${site} was killed: it ${watch.expired}`));
    });
  });
  let running = true;
  void exited.then(
    () => (running = false),
    () => (running = false),
  );
  let writingFrom: number | undefined;
  while (running && writingFrom === undefined) {
    if ((await stagingFolders(out)).some((name) => !leftOver.has(name))) writingFrom = Date.now() - started;
    else await new Promise((resolveWait) => setTimeout(resolveWait, POLL_MS));
  }
  if (killAfterWritingMs !== undefined && running) setTimeout(() => child.kill('SIGKILL'), killAfterWritingMs);
  const code = await exited;
  return { code, ...(writingFrom === undefined ? {} : { writingFrom }), milliseconds: Date.now() - started };
}

const kill = suite('a build killed with SIGKILL');
let directory = '';
kill.before(async () => {
  directory = await temporaryDir('kill-build');
});
kill.after(async () => {
  await removeDir(directory);
});

kill('never leaves a partially published snapshot, at 20 random moments, and the next build succeeds', async () => {
  const made = makeSite({ directory: join(directory, 'generated'), pages: PAGES, seed: 3 });
  const out = join(directory, 'dist');
  // Two builds measure how long a rebuild writes its snapshot; kills land at random moments of that window.
  const timingDist = join(directory, 'timing-dist');
  assert.is((await runBuild(made.site, timingDist)).code, 0);
  const timing = await runBuild(made.site, timingDist);
  assert.is(timing.code, 0);
  const writingMs = timing.milliseconds - (timing.writingFrom ?? 0);
  const random = createRandom(SEED);
  const outcomes = { absent: 0, killedWhileWriting: 0, finished: 0 };
  let published = false;
  for (let attempt = 0; attempt < KILLS; attempt++) {
    if (attempt === KILLS_ON_EMPTY_DIST && !published) {
      assert.is((await runBuild(made.site, out)).code, 0);
      published = true;
    }
    // Each build changes a page, so it writes new body files instead of only linking the previous ones.
    await appendFile(
      made.samplePages[attempt % made.samplePages.length] as string,
      `\nChanged by build attempt ${attempt}.\n`,
    );
    const killAfterMs = Math.round(random.next() * writingMs * KILL_WINDOW_SCALE);
    const result = await runBuild(made.site, out, killAfterMs);
    const problems = await snapshotProblems(out);
    if (problems === undefined) {
      assert.not.ok(published, `attempt ${attempt} (killed ${killAfterMs} ms into writing): dist/current disappeared`);
      assert.is.not(result.code, 0, `attempt ${attempt}: the build finished but published nothing`);
      outcomes.absent++;
      continue;
    }
    assert.equal(
      problems,
      [],
      `attempt ${attempt} (killed ${killAfterMs} ms into writing): dist/current is incomplete`,
    );
    published = true;
    if (result.code === 0) outcomes.finished++;
    else outcomes.killedWhileWriting++;
  }
  assert.ok(
    outcomes.finished <= KILLS / 2,
    `${outcomes.finished} of ${KILLS} builds finished before their kill: the test hit too few moments`,
  );
  const final = await runBuild(made.site, out);
  assert.is(final.code, 0);
  assert.equal(await snapshotProblems(out), []);
  const snapshots = await readdir(join(out, DIST_LAYOUT.snapshotsDir));
  assert.equal(
    snapshots.filter((name) => name.startsWith('.')),
    [],
    'staging folders of killed builds were not removed',
  );
  assert.ok(snapshots.length <= 2, `${snapshots.length} snapshots kept`);
  assert.equal(
    (await readdir(out)).filter((name) => name.startsWith('.current-')),
    [],
    'temporary links of killed builds were not removed',
  );
  // Nothing a killed build left behind (render cache included) changes what a later build publishes.
  const cleanDist = join(directory, 'clean-dist');
  assert.is((await runBuild(made.site, cleanDist)).code, 0);
  assert.equal((await readSnapshot(out)).bodies, (await readSnapshot(cleanDist)).bodies);
  console.log(`  kill-build: a rebuild writes for ${writingMs} ms; ${JSON.stringify(outcomes)}`);
});

kill.run();
