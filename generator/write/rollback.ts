// `snapi rollback`: serves a kept earlier snapshot's answers again as a new snapshot, a new entry of the history whose
// delta is what the rollback changed, so the feed and the webhooks tell it like any other publish (docs/changes.md).
import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { HistoryPolicy } from '../../contract/history.ts';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import type { SnapshotIndex, SnapshotRoot } from '../../contract/snapshot.ts';
import { sweepPool } from './body-pool.ts';
import { changesBetween } from './changes.ts';
import { deltaOf, nextHistory } from './history-writer.ts';
import { namedFiles, readSnapshotIndex } from './read-snapshot-index.ts';
import { openStaging, type Staging } from './snapshot-staging.ts';
import { snapshotId } from './write-snapshot.ts';
import { commitSnapshot } from './commit-snapshot.ts';

export interface RolledBack {
  /** The new snapshot, now `current`. */
  id: string;
  /** The snapshot served before (rolled back from) and the one whose answers are served again. */
  from: string;
  to: string;
  /** Keys whose answer or restriction the rollback changed. */
  changedKeys: number;
}

const SNAPSHOT_NAME = /^[0-9]{8}T[0-9]{6}Z-[0-9a-f]{6}$/;

/** The snapshot folders beside `current` a rollback could return to (a build keeps the one before it). */
export function rollbackTargets(distDir: string, currentId: string): string[] {
  return readdirSync(join(distDir, DIST_LAYOUT.snapshotsDir))
    .filter((name) => SNAPSHOT_NAME.test(name) && name !== currentId)
    .sort();
}

function chooseTarget(distDir: string, currentId: string, to: string | undefined): string {
  const kept = rollbackTargets(distDir, currentId);
  if (to === undefined) {
    if (kept.length === 1) return kept[0] as string;
    throw new Error(
      kept.length === 0
        ? `${distDir} keeps no snapshot besides the current one (${currentId}) to roll back to`
        : `${distDir} keeps several snapshots (${kept.join(', ')}): name one with --to`,
    );
  }
  if (to === currentId) throw new Error(`${to} is the snapshot being served already`);
  if (!SNAPSHOT_NAME.test(to) || !kept.includes(to))
    throw new Error(`${distDir} keeps no snapshot "${to}" (kept: ${kept.join(', ') || 'none'})`);
  return to;
}

async function writeRollback(staging: Staging, to: string, now: Date, policy: HistoryPolicy | undefined) {
  const { distDir, previous: current } = staging;
  if (current === undefined) throw new Error(`${distDir} has no current snapshot to roll back from`);
  const targetDir = join(distDir, DIST_LAYOUT.snapshotsDir, chooseTarget(distDir, current.id, to || undefined));
  if (!lstatSync(join(targetDir, DIST_LAYOUT.bodiesDir)).isSymbolicLink())
    throw new Error(`${targetDir} was built by an earlier snapi (no body pool): build again instead`);
  const target = readSnapshotIndex(targetDir);
  const id = snapshotId(now);
  const builtAt = now.toISOString();
  const delta = deltaOf(current.id, id, current.index, target.index);
  const next = nextHistory(
    { id: current.id, builtAt: current.index.builtAt, history: current.index.history },
    { id, builtAt },
    delta,
    { policy, readBody: (file) => readFileSync(join(distDir, file), 'utf8') },
  );
  for (const body of next.bodies) await staging.store(body.hash, body.text, { pageContent: false, compress: false });
  const { entries, ...targetHeader } = target.index;
  const header = { ...targetHeader, id, builtAt, history: next.history };
  const root: SnapshotRoot = { ...header, shards: target.shards };
  const index: SnapshotIndex = { ...header, entries };
  const accounts = readFileSync(join(targetDir, DIST_LAYOUT.accountsFile), 'utf8');
  const changes = changesBetween(current.index, index);
  // The rolled-back-from snapshot stays beside the new one, so a rollback can itself be rolled back.
  await commitSnapshot(
    distDir,
    staging.directory,
    { root, accounts, changes },
    {
      previous: current.id,
      sweep: () => sweepPool(distDir, [namedFiles({ index, shards: target.shards }), namedFiles(current)]),
    },
  );
  return { id, from: current.id, to: target.index.id, changedKeys: Object.keys(delta.changes).length };
}

/** Makes a new snapshot serving `to`'s answers (default: the one kept snapshot besides `current`) and switches to it;
 *  nothing changes on failure. */
export async function rollbackSnapshot(
  distDir: string,
  options: { to?: string | undefined; now: Date; policy?: HistoryPolicy | undefined },
): Promise<RolledBack> {
  const staging = await openStaging(distDir);
  try {
    return await writeRollback(staging, options.to ?? '', options.now, options.policy);
  } catch (error) {
    await staging.discard();
    throw error;
  }
}
