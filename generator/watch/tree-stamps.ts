// Stamps (kind, size, modification time, inode) of every file and folder under the watched site folders: what the
// consistency check and `--poll` compare to find the saves a file watcher did not report.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Site-relative path (`content/01-guides/02-setup.md`) → `"f:size:mtime:ino"` or `"d:mtime:ino"`. */
export type TreeStamps = Map<string, string>;

/** Deep enough for any real tree; a symbolic link loop (reported by the build itself) ends here. */
const MAX_DEPTH = 32;

function stampOf(absolute: string): string | undefined {
  try {
    const stats = statSync(absolute, { throwIfNoEntry: false });
    if (stats === undefined) return undefined;
    if (stats.isDirectory()) return `d:${stats.mtimeMs}:${stats.ino}`;
    return `f:${stats.size}:${stats.mtimeMs}:${stats.ino}`;
  } catch {
    return undefined;
  }
}

/** Adds `path` and, for a folder, everything below it to `stamps`; a path that is gone adds nothing. */
export function stampBelow(site: string, path: string, stamps: TreeStamps, depth = 0): void {
  const stamp = stampOf(join(site, path));
  if (stamp === undefined) return;
  stamps.set(path, stamp);
  if (!stamp.startsWith('d:') || depth > MAX_DEPTH) return;
  let names: string[];
  try {
    names = readdirSync(join(site, path));
  } catch {
    return;
  }
  for (const name of names) if (!name.startsWith('.')) stampBelow(site, `${path}/${name}`, stamps, depth + 1);
}

/** Stamps of the whole tree under each folder (a missing folder is simply absent). */
export function stampTree(site: string, folders: readonly string[]): TreeStamps {
  const stamps: TreeStamps = new Map();
  for (const folder of folders) stampBelow(site, folder, stamps);
  return stamps;
}

/** Removes `path` and everything below it. */
export function forgetBelow(stamps: TreeStamps, path: string): void {
  for (const known of [...stamps.keys()]) if (known === path || known.startsWith(`${path}/`)) stamps.delete(known);
}

/** Stamps `path` again in `known` (a folder with all it holds) and returns the files that differ: changed, added or
 *  gone. Folders are not returned themselves; what they gained or lost is. */
export function restamp(site: string, known: TreeStamps, path: string): string[] {
  const fresh: TreeStamps = new Map();
  stampBelow(site, path, fresh);
  const changed: string[] = [];
  for (const [knownPath, stamp] of known)
    if ((knownPath === path || knownPath.startsWith(`${path}/`)) && !fresh.has(knownPath)) {
      known.delete(knownPath);
      if (!stamp.startsWith('d:')) changed.push(knownPath);
    }
  for (const [freshPath, stamp] of fresh) {
    if (known.get(freshPath) !== stamp && !stamp.startsWith('d:')) changed.push(freshPath);
    known.set(freshPath, stamp);
  }
  return changed;
}

/** Stats between two turns of the event loop: a check of a large site never holds up `dev`'s gateway for long. */
const STATS_PER_TURN = 2000;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The cheap check: stats every known path, and lists again only the folders whose stamp changed (a folder's time
 *  changes when an entry is added, removed or renamed). Returns the files that differ and updates `known`. */
export async function checkStamps(site: string, known: TreeStamps, folders: readonly string[]): Promise<string[]> {
  const changed = new Set<string>();
  const relist: string[] = [];
  for (const folder of folders) if (!known.has(folder)) relist.push(folder);
  let stats = 0;
  for (const [path, stamp] of [...known]) {
    if (++stats % STATS_PER_TURN === 0) await nextTurn();
    // A path stamped again meanwhile (an event was flushed) is compared with its new stamp.
    if (stampOf(join(site, path)) !== (known.get(path) ?? stamp)) relist.push(path);
  }
  for (const path of relist) for (const file of restamp(site, known, path)) changed.add(file);
  return [...changed].sort();
}
