// Commits a complete staging snapshot, for a site build, a page-local patch and a rollback alike: its three files, the
// switch of `current`, the removal of older snapshot folders, then the pool sweep.
import { createWriteStream } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import { DIST_LAYOUT, type ChangeReport, type SnapshotRoot } from '../../contract/snapshot.ts';
import { pruneSnapshots, switchCurrent } from '../../storage/switch-current.ts';
import { prettyJsonChunks } from './pretty-json.ts';

/** What the staging folder still lacks: the index root, `accounts.json`'s text and the change report. */
export interface SnapshotFiles {
  root: SnapshotRoot;
  accounts: string;
  changes: ChangeReport;
}

export interface CommitOptions {
  /** The snapshot `current` names now: kept beside the new one for readers still on it (and a rollback). */
  previous: string | undefined;
  /** Called just before the switch; a throw publishes nothing (`watch`'s check that no input changed meanwhile). */
  beforeSwitch?: (() => void) | undefined;
  /** Removes what the build wrote when it fails before the switch; after it, the files belong to the snapshot. */
  discard?: (() => Promise<void>) | undefined;
  /** Removes the pool files no kept snapshot names; resolves to how many. */
  sweep: () => Promise<number>;
}

/** Writes `chunks` to a new file at `path` one after another: the whole text is never in memory. */
function writeChunks(path: string, chunks: Iterable<string>): Promise<void> {
  return pipeline(Readable.from(chunks), createWriteStream(path));
}

/** Writes the snapshot's files into `staging`, renames it into place as `snapshots/<id>`, makes it current, then
 *  removes older snapshots and sweeps the pool; returns how many pool files the sweep removed. */
export async function commitSnapshot(
  distDir: string,
  staging: string,
  files: SnapshotFiles,
  options: CommitOptions,
): Promise<number> {
  const { id } = files.root;
  try {
    await writeFile(join(staging, DIST_LAYOUT.indexFile), JSON.stringify(files.root));
    await writeFile(join(staging, DIST_LAYOUT.accountsFile), files.accounts, { mode: 0o600 });
    await writeChunks(join(staging, DIST_LAYOUT.changesFile), prettyJsonChunks(files.changes));
    options.beforeSwitch?.();
  } catch (error) {
    await options.discard?.();
    throw error;
  }
  await rename(staging, join(distDir, DIST_LAYOUT.snapshotsDir, id));
  await switchCurrent(distDir, id);
  await pruneSnapshots(distDir, new Set([id, ...(options.previous ? [options.previous] : [])]));
  return options.sweep();
}
