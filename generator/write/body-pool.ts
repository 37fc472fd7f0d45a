// The dist's body pool: `<dist>/bodies` holds every body and media file of the kept snapshots once, and each snapshot
// folder's `bodies` links to it, so a build writes only new bodies and links nothing per body; a sweep after the
// switch removes what no kept snapshot names (docs/snapshot.md, The body pool).
import { linkSync, lstatSync, readdirSync, rmSync } from 'node:fs';
import { mkdir, readdir, readlink, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_LAYOUT, type IndexShard, type SnapshotIndex, type StoredFile } from '../../contract/snapshot.ts';
import { namedFiles, readSnapshotIndex } from './read-snapshot-index.ts';
import type { StagedBody } from './staged-body.ts';

export interface PreviousSnapshot {
  id: string;
  directory: string;
  index: SnapshotIndex;
  /** The shards of its index (none for a format 1 snapshot). */
  shards: IndexShard[];
  /** The names in the pool when its `bodies` is the pool (listed once, so a body lost from the pool is made again);
   *  undefined for a snapshot of the layout before the pool, with a bodies folder of its own. */
  pool: ReadonlySet<string> | undefined;
}

/** Makes the pool (if new) and the staging folder with its `bodies` link; returns the folders it created, outermost
 *  first, for a failed build to remove (a build into a new folder leaves none behind). */
export async function openPool(distDir: string, staging: string): Promise<Array<string | undefined>> {
  const createdPool = await mkdir(join(distDir, DIST_LAYOUT.poolDir), { recursive: true });
  const createdSnapshots = await mkdir(staging, { recursive: true });
  await symlink(DIST_LAYOUT.poolLink, join(staging, DIST_LAYOUT.bodiesDir));
  return [createdPool, createdSnapshots === staging ? undefined : createdSnapshots];
}

export async function readPrevious(distDir: string): Promise<PreviousSnapshot | undefined> {
  try {
    const target = await readlink(join(distDir, DIST_LAYOUT.currentLink));
    const directory = join(distDir, target);
    const { index, shards } = readSnapshotIndex(directory);
    const pooled = lstatSync(join(directory, DIST_LAYOUT.bodiesDir)).isSymbolicLink();
    const pool = pooled ? new Set(readdirSync(join(distDir, DIST_LAYOUT.poolDir))) : undefined;
    return { id: index.id, directory, index, shards, pool };
  } catch {
    return undefined;
  }
}

const BODY_PREFIX = `${DIST_LAYOUT.bodiesDir}/`;
const BODY_SUFFIX = '.json';

/** Hash → the files the previous snapshot stored for it, its index shards included. */
export function previousBodies(index: SnapshotIndex, shards: readonly IndexShard[]): Map<string, StagedBody> {
  const bodies = new Map<string, StagedBody>();
  for (const entry of [...Object.values(index.entries ?? {}), ...shards]) {
    // Sliced, not matched: 52,000 entries at 4,000 pages, on every rebuild.
    if (!entry.file.startsWith(BODY_PREFIX) || !entry.file.endsWith(BODY_SUFFIX)) continue;
    const hash = entry.file.slice(BODY_PREFIX.length, -BODY_SUFFIX.length);
    if (hash === '' || hash.includes('/') || bodies.has(hash)) continue;
    const { gzip, br } = entry as { gzip?: StoredFile; br?: StoredFile };
    bodies.set(hash, {
      hash,
      identity: { file: entry.file, size: entry.size },
      ...(gzip ? { gzip: { file: gzip.file, size: gzip.size } } : {}),
      ...(br ? { br: { file: br.file, size: br.size } } : {}),
    });
  }
  return bodies;
}

/** A body of the previous snapshot is reused when the pool holds all its files (false: the caller writes it again);
 *  one of a snapshot from before the pool is hard-linked into it (once, on the first build after an upgrade).
 *  Synchronous: a link is one short system call, cheaper than a thread-pool round trip. Files already in the pool are
 *  never removed here: a kept snapshot may name them. */
export function reusePrevious(directory: string, previous: PreviousSnapshot, reused: StagedBody): boolean {
  const files = [reused.identity, reused.gzip, reused.br].filter((file): file is StoredFile => file !== undefined);
  const { pool } = previous;
  if (pool !== undefined) return files.every((file) => pool.has(file.file.slice(DIST_LAYOUT.bodiesDir.length + 1)));
  const linked: string[] = [];
  try {
    for (const file of files) {
      try {
        linkSync(join(previous.directory, file.file), join(directory, file.file));
        linked.push(file.file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    return true;
  } catch {
    for (const file of linked) rmSync(join(directory, file), { force: true });
    return false;
  }
}

/** Removes pool files that none of `kept` names, and leftovers of interrupted media copies; returns how many. Runs
 *  after the switch, so it costs nothing on the way from a saved page to the served snapshot. */
export async function sweepPool(distDir: string, kept: ReadonlyArray<Set<string>>): Promise<number> {
  const pool = join(distDir, DIST_LAYOUT.poolDir);
  const prefix = `${DIST_LAYOUT.bodiesDir}/`;
  let removed = 0;
  for (const name of await readdir(pool)) {
    const file = `${prefix}${name}`;
    if (kept.some((files) => files.has(file))) continue;
    await rm(join(pool, name), { force: true });
    removed++;
  }
  return removed;
}

const STAGING_PREFIX = '.staging-';
const VARIANT_SUFFIXES = ['.json', '.json.gz', '.json.br'];

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
  const prefix = `${DIST_LAYOUT.bodiesDir}/`;
  for (const name of names) {
    const files = name.includes('.') ? [name] : VARIANT_SUFFIXES.map((suffix) => `${name}${suffix}`);
    for (const file of files) {
      if (kept.some((named) => named.has(`${prefix}${file}`))) continue;
      await rm(join(distDir, DIST_LAYOUT.poolDir, file), { force: true });
    }
  }
}
