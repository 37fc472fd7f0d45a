// What the tests of incremental builds compare: the site's listing as a watcher sees it, the pool against what the
// kept snapshots name, the change report, and every answer against a build from scratch of the same files.
import { access, readFile, readdir, readlink, stat } from 'node:fs/promises';
import { join } from 'node:path';
import * as assert from 'uvu/assert';
import { namedFiles, readSnapshotIndex } from '../../generator/write/read-snapshot-index.ts';
import { readSnapshot } from './snapshot-bodies.ts';

/** Every file and folder below the site with its size and time, as the watcher would see them change. */
export async function listing(site: string): Promise<Map<string, string>> {
  const entries = await readdir(site, { recursive: true });
  const stamps = await Promise.all(
    entries.map(async (path) => {
      const stats = await stat(join(site, path));
      return [path.split('\\').join('/'), `${stats.size}:${stats.mtimeMs}`] as const;
    }),
  );
  return new Map(stamps);
}

/** The paths an edit touched: what the watcher reports to the resident builder. */
export function touched(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((path) => before.get(path) !== after.get(path));
}

/** The pool's files, and the files the kept snapshots (current and previous) name. */
export async function poolAndNamed(out: string): Promise<{ pool: string[]; named: string[] }> {
  const named = new Set<string>();
  for (const folder of await readdir(join(out, 'snapshots')))
    for (const file of namedFiles(readSnapshotIndex(join(out, 'snapshots', folder)))) named.add(file);
  const pool = (await readdir(join(out, 'bodies'))).map((name) => `bodies/${name}`);
  return { pool: pool.sort(), named: [...named].sort() };
}

/** The files a kept snapshot names that its folder cannot open (`<snapshot>: <file>`): what a gateway answers ENOENT
 *  for. Shards are read through the snapshot's own `bodies` link, as the gateway reads them. */
export async function missingNamedFiles(out: string): Promise<string[]> {
  const missing: string[] = [];
  for (const folder of (await readdir(join(out, 'snapshots'))).filter((name) => !name.startsWith('.'))) {
    const directory = join(out, 'snapshots', folder);
    let contents: ReturnType<typeof readSnapshotIndex>;
    try {
      contents = readSnapshotIndex(directory);
    } catch (error) {
      missing.push(`${folder}: ${(error as Error).message}`);
      continue;
    }
    for (const file of namedFiles(contents))
      await access(join(directory, file)).catch(() => missing.push(`${folder}: ${file}`));
  }
  return missing;
}

/** A change report without the snapshot ids, which differ between any two builds. */
export async function changeReport(out: string): Promise<unknown> {
  const directory = join(out, await readlink(join(out, 'current')));
  const {
    previous: _previous,
    current: _current,
    ...report
  } = JSON.parse(await readFile(join(directory, 'changes.json'), 'utf8'));
  return report;
}

/** Asserts that the snapshot `out` serves answers every key exactly as the fresh build `fresh` does. */
export async function assertAnswersOf(out: string, fresh: string, label: string): Promise<void> {
  const expected = await readSnapshot(fresh);
  const rebuilt = await readSnapshot(out);
  assert.equal([...rebuilt.bodies.keys()].sort(), [...expected.bodies.keys()].sort(), `${label}: the same keys`);
  for (const [key, body] of expected.bodies) assert.is(rebuilt.bodies.get(key), body, `${label}: ${key}`);
  assert.equal(rebuilt.index.counts, expected.index.counts, `${label}: the same counts`);
}
