// The follower's local cache: the gateway's dist layout (`current` → `snapshots/<id>/`) plus a pool of verified bodies.
import { copyFile, link, readdir, readlink, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { stagingName } from '../../contract/dist-folder.ts';
import { pruneSnapshots } from '../../storage/switch-current.ts';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';

/** Verified body objects by their digest (`<sha256>.json.gz`); snapshot folders hard-link them. */
export const POOL_DIR = 'pool';

export function snapshotFolder(cacheDir: string, id: string): string {
  return join(cacheDir, DIST_LAYOUT.snapshotsDir, id);
}

export function stagingFolder(cacheDir: string, id: string): string {
  return join(cacheDir, DIST_LAYOUT.snapshotsDir, stagingName(id));
}

/** The snapshot id `current` names, if any. */
export async function currentId(cacheDir: string): Promise<string | undefined> {
  try {
    return basename(await readlink(join(cacheDir, DIST_LAYOUT.currentLink)));
  } catch {
    return undefined;
  }
}

export async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** File systems that refuse hard links; the pool then copies, and reuses files only while they are in it. */
const NO_HARD_LINKS = new Set(['EPERM', 'EXDEV', 'EMLINK', 'ENOTSUP', 'EOPNOTSUPP']);

/** Links a pool file into a staging folder (or copies it where links are refused); false when the pool lacks it. */
export async function linkFromPool(poolPath: string, destination: string): Promise<boolean> {
  try {
    await link(poolPath, destination);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'ENOENT') return false;
    if (!NO_HARD_LINKS.has(code)) throw error;
  }
  try {
    await copyFile(poolPath, destination);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Keeps the snapshots in `keep` (the current one and the one the gateway may still be answering from); removes the rest,
 *  leftovers of interrupted syncs, and pool files no snapshot links any more. */
export async function pruneCache(cacheDir: string, keep: ReadonlySet<string>): Promise<void> {
  await pruneSnapshots(cacheDir, keep);
  const pool = join(cacheDir, POOL_DIR);
  for (const name of await readdir(pool).catch(() => [] as string[])) {
    const path = join(pool, name);
    // A pool file whose only link is the pool's own belongs to no kept snapshot.
    const info = await stat(path).catch(() => undefined);
    if (info !== undefined && (info.nlink <= 1 || name.startsWith('.'))) await rm(path, { force: true });
  }
}
