// The one switch of a dist folder's `current` link and the one pruning of what it leaves, for the generator's publish and
// the follower's cache alike
// (docs/decisions.md: One switch of current, in storage/).
import { randomBytes } from 'node:crypto';
import { readdir, rename, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { PREPARED_LINK_PREFIX } from '../contract/dist-folder.ts';
import { DIST_LAYOUT } from '../contract/snapshot.ts';

/** Makes `snapshots/<id>` current with one rename of a prepared link: readers see the old snapshot or the new one,
 *  never a mix, never none. The prepared link's name is unique, so a leftover of a killed switch is never in the way. */
export async function switchCurrent(distDir: string, id: string): Promise<void> {
  const prepared = join(distDir, `${PREPARED_LINK_PREFIX}${id}-${randomBytes(4).toString('hex')}`);
  await symlink(join(DIST_LAYOUT.snapshotsDir, id), prepared);
  await rename(prepared, join(distDir, DIST_LAYOUT.currentLink));
}

/** Removes snapshot folders other than `keep`, and prepared links a killed switch left behind. */
export async function pruneSnapshots(distDir: string, keep: ReadonlySet<string>): Promise<void> {
  const snapshots = join(distDir, DIST_LAYOUT.snapshotsDir);
  for (const name of await readdir(snapshots)) {
    if (!keep.has(name)) await rm(join(snapshots, name), { recursive: true, force: true });
  }
  for (const name of await readdir(distDir)) {
    if (name.startsWith(PREPARED_LINK_PREFIX)) await rm(join(distDir, name), { force: true });
  }
}
