// Publishing is atomic: `dist/current` is switched by one rename of a prepared link, after its snapshot is complete,
// so a reader never finds it missing or pointing at a half-written snapshot.
import { readlinkSync } from 'node:fs';
import { readlink } from 'node:fs/promises';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DIST_LAYOUT } from '../../../contract/snapshot.ts';
import type { BuildResult } from '../../../generator/types.ts';
import { publishSnapshot } from '../../../generator/write/write-snapshot.ts';
import { removeDir, temporaryDir } from '../../helpers/fixture-site.ts';
import { missingFrom } from '../../helpers/snapshot-complete.ts';

const PUBLISHES = 100;
const WATCH_SCRIPT = new URL('../../helpers/watch-current.ts', import.meta.url);

/** A small build whose bodies change with `round`, some large enough to be stored compressed too. */
function buildResult(round: number): BuildResult {
  const responses = Array.from({ length: 12 }, (_, page) => ({
    key: `content:live:/page-${page}`,
    body: JSON.stringify({ content: [{ page, round: page % 3 === 0 ? round : 0, text: 'word '.repeat(page * 60) }] }),
  }));
  return {
    responses,
    restrictedSlugs: {},
    userRecords: {},
    accounts: {},
    basePath: '',
    access: { trustedIps: [], trustedHosts: [], proxy: false, trustedProxies: [] },
    stats: { pages: responses.length, folders: 0, drafts: 0, users: 0 },
    errors: [],
    warnings: [],
  };
}

const publishRound = (distDir: string, round: number) =>
  publishSnapshot(buildResult(round), {
    distDir,
    baseUrl: 'http://localhost',
    builtAt: new Date(Date.UTC(2024, 0, 1, 0, 0, round)),
  });

type Operation = [name: string, ...paths: string[]];
const SPIED = ['rename', 'symlink', 'unlink', 'rm', 'link', 'copyFile', 'cp'] as const;

/** Records every call of the spied fs/promises functions while `action` runs (ESM bindings follow via
 *  syncBuiltinESMExports). */
async function recordingFs<T>(
  action: (operations: Operation[], atSwitch: (check: () => void) => void) => Promise<T>,
  currentLink: string,
): Promise<T> {
  const fsPromises = createRequire(import.meta.url)('node:fs/promises') as Record<
    string,
    (...args: unknown[]) => Promise<unknown>
  >;
  const originals = new Map(SPIED.map((name) => [name, fsPromises[name]!] as const));
  const operations: Operation[] = [];
  let checkAtSwitch = () => {};
  for (const [name, original] of originals) {
    fsPromises[name] = (...args: unknown[]) => {
      operations.push([name, ...args.filter((arg): arg is string => typeof arg === 'string')]);
      if (name === 'rename' && args[1] === currentLink) checkAtSwitch();
      return original(...args);
    };
  }
  syncBuiltinESMExports();
  try {
    return await action(operations, (check) => (checkAtSwitch = check));
  } finally {
    for (const [name, original] of originals) fsPromises[name] = original;
    syncBuiltinESMExports();
  }
}

const atomic = suite('atomic publish of dist/current');
let distDir = '';
atomic.before.each(async () => {
  distDir = await temporaryDir('atomic-dist');
});
atomic.after.each(async () => {
  await removeDir(distDir);
});

atomic('touches current only by renaming a prepared link onto it, once, when its snapshot is complete', async () => {
  const current = join(distDir, DIST_LAYOUT.currentLink);
  for (const round of [1, 2]) {
    const seenAtSwitch: string[][] = [];
    const operations = await recordingFs(async (recorded, atSwitch) => {
      atSwitch(() => {
        const prepared = recorded.at(-1)?.[1] ?? '';
        seenAtSwitch.push([readlinkSync(prepared), ...missingFrom(distDir, readlinkSync(prepared))]);
      });
      await publishRound(distDir, round);
      return recorded;
    }, current);
    const published = await readlink(current);
    const touchingCurrent = operations.filter(([, ...paths]) =>
      paths.some((path) => path === current || path.startsWith(`${current}/`)),
    );
    // The prepared link is named after the snapshot, with a random tail so a leftover is never in the way.
    const prepared = touchingCurrent[0]?.[1] ?? '';
    assert.match(prepared, new RegExp(`^${distDir}/\\.current-${published.split('/').at(-1)}-[0-9a-f]{8}$`));
    assert.equal(touchingCurrent, [['rename', prepared, current]], `round ${round}`);
    assert.equal(
      // Every symlink but the staging folder's link to the body pool, which never touches current.
      operations.filter(
        ([name, ...paths]) => (name === 'symlink' && paths[0] !== DIST_LAYOUT.poolLink) || paths.includes(prepared),
      ),
      [
        ['symlink', published, prepared],
        ['rename', prepared, current],
      ],
      `round ${round}`,
    );
    assert.equal(seenAtSwitch, [[published]], `round ${round}: the snapshot was incomplete at the switch`);
  }
});

atomic(`current is never missing or incomplete for a watcher polling while ${PUBLISHES} publishes run`, async () => {
  await publishRound(distDir, 0);
  const stop = new Int32Array(new SharedArrayBuffer(4));
  // Workers do not inherit tsx's loader: the watcher registers it before importing its TypeScript.
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(WATCH_SCRIPT.href)}); })`;
  const watcher = new Worker(boot, { eval: true, workerData: { distDir, stop } });
  const messages = (count: number) =>
    new Promise<unknown[]>((resolve, reject) => {
      const received: unknown[] = [];
      watcher.on('message', (message) => void (received.push(message) === count && resolve(received)));
      watcher.once('error', reject);
    });
  const both = messages(2);
  // Publishing starts once the watcher polls, however long a loaded machine takes to start the worker.
  await new Promise((resolve, reject) => {
    watcher.once('message', resolve);
    watcher.once('error', reject);
  });
  const report = both.then((received) => received[1] as { polls: number; problems: string[] });
  try {
    for (let round = 1; round <= PUBLISHES; round++) await publishRound(distDir, round);
  } finally {
    Atomics.store(stop, 0, 1);
  }
  const { polls, problems } = await report;
  assert.equal(problems, []);
  assert.ok(polls > PUBLISHES, `only ${polls} polls: the watcher did not keep up`);
  assert.equal(missingFrom(distDir, await readlink(join(distDir, DIST_LAYOUT.currentLink))), []);
});

atomic.run();
