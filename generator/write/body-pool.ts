// The dist's body pool: `<dist>/bodies` holds every body and media file of the kept snapshots once, and each snapshot
// folder's `bodies` links to it, so a build writes only new bodies and links nothing per body; a sweep after the
// switch removes what no kept snapshot names (docs/snapshot.md, The body pool).
import { lstatSync, readdirSync } from 'node:fs';
import { mkdir, readdir, readlink, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import {
  BODY_PREFIX,
  BODY_SUFFIXES,
  STAGING_PREFIX,
  bodyFile,
  poolName,
  stagingName,
} from '../../contract/dist-folder.ts';
import { DIST_LAYOUT, type IndexShard, type SnapshotIndex, type StoredFile } from '../../contract/snapshot.ts';
import { namedFiles, readSnapshotIndex } from './read-snapshot-index.ts';
import type { StagedBody } from './staged-body.ts';

export interface PreviousSnapshot {
  id: string;
  directory: string;
  index: SnapshotIndex;
  /** The shards of its index. */
  shards: IndexShard[];
  /** The names in the pool (listed once, so a body lost from the pool is made again). */
  pool: ReadonlySet<string>;
}

/** Makes the pool (if new) and a staging folder with its `bodies` link; returns the folder and the folders it created,
 *  outermost first, for a failed build to remove (a build into a new folder leaves none behind). */
export async function openStagingFolder(
  distDir: string,
): Promise<{ directory: string; created: Array<string | undefined> }> {
  const directory = join(distDir, DIST_LAYOUT.snapshotsDir, stagingName());
  const createdPool = await mkdir(join(distDir, DIST_LAYOUT.bodiesDir), { recursive: true });
  const createdSnapshots = await mkdir(directory, { recursive: true });
  await symlink(DIST_LAYOUT.poolLink, join(directory, DIST_LAYOUT.bodiesDir));
  return { directory, created: [createdPool, createdSnapshots === directory ? undefined : createdSnapshots] };
}

/** The snapshot `current` names; undefined where there is none, or it does not read as this snapi writes snapshots
 *  (an older format or layout, docs/deployment.md): the build then makes every body again. */
export async function readPrevious(distDir: string): Promise<PreviousSnapshot | undefined> {
  try {
    const target = await readlink(join(distDir, DIST_LAYOUT.currentLink));
    const directory = join(distDir, target);
    if (!lstatSync(join(directory, DIST_LAYOUT.bodiesDir)).isSymbolicLink()) return undefined;
    const { index, shards } = readSnapshotIndex(directory);
    const pool = new Set(readdirSync(join(distDir, DIST_LAYOUT.bodiesDir)));
    return { id: index.id, directory, index, shards, pool };
  } catch {
    return undefined;
  }
}

/** Hash → the files of the bodies among `files` named `bodies/<hash><suffix>` (index entries, shards), with their
 *  compressed copies. */
export function previousBodies(
  files: Iterable<StoredFile & { gzip?: StoredFile; br?: StoredFile }>,
  suffix: string = BODY_SUFFIXES.identity,
): Map<string, StagedBody> {
  const bodies = new Map<string, StagedBody>();
  for (const { file, size, gzip, br } of files) {
    // Sliced, not matched: 52,000 entries at 4,000 pages, on every rebuild.
    if (!file.startsWith(BODY_PREFIX) || !file.endsWith(suffix)) continue;
    const hash = file.slice(BODY_PREFIX.length, -suffix.length);
    if (hash === '' || hash.includes('/') || bodies.has(hash)) continue;
    bodies.set(hash, {
      hash,
      identity: { file, size },
      ...(gzip ? { gzip: { file: gzip.file, size: gzip.size } } : {}),
      ...(br ? { br: { file: br.file, size: br.size } } : {}),
    });
  }
  return bodies;
}

/** A body of the previous snapshot is reused when the pool holds all its files (false: the caller writes it again).
 *  Files already in the pool are never removed here: a kept snapshot may name them. */
export function reusePrevious(previous: PreviousSnapshot, reused: StagedBody): boolean {
  const files = [reused.identity, reused.gzip, reused.br].filter((file): file is StoredFile => file !== undefined);
  return files.every((file) => previous.pool.has(poolName(file.file)));
}

/** Removes pool files that none of `kept` names, and leftovers of interrupted media copies; returns how many. Runs
 *  after the switch, so it costs nothing on the way from a saved page to the served snapshot. */
export async function sweepPool(distDir: string, kept: ReadonlyArray<Set<string>>): Promise<number> {
  const pool = join(distDir, DIST_LAYOUT.bodiesDir);
  let removed = 0;
  for (const name of await readdir(pool)) {
    const file = `${BODY_PREFIX}${name}`;
    if (kept.some((files) => files.has(file))) continue;
    await rm(join(pool, name), { force: true });
    removed++;
  }
  return removed;
}

const VARIANTS = ['identity', 'gzip', 'br'] as const;

/** For a failed build: removes the pool files of `names` (hashes, or media names `<hash>.media`) that no snapshot
 *  folder names, so the pool is as the build found it; files a kept snapshot names stay. */
export async function removeUnnamed(distDir: string, names: readonly string[]): Promise<void> {
  const snapshots = join(distDir, DIST_LAYOUT.snapshotsDir);
  const kept: Array<Set<string>> = [];
  for (const folder of await readdir(snapshots).catch(() => [] as string[])) {
    if (folder.startsWith(STAGING_PREFIX)) continue;
    // A folder whose index cannot be read names nothing we could know: keep every file rather than guess.
    try {
      kept.push(namedFiles(readSnapshotIndex(join(snapshots, folder))));
    } catch {
      return;
    }
  }
  for (const name of names) {
    const files = name.includes('.') ? [`${BODY_PREFIX}${name}`] : VARIANTS.map((variant) => bodyFile(name, variant));
    for (const file of files) {
      if (kept.some((named) => named.has(file))) continue;
      await rm(join(distDir, DIST_LAYOUT.bodiesDir, poolName(file)), { force: true });
    }
  }
}
