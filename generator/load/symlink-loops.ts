// Finds symbolic links to a folder that contains them: followed, they would make the site folder endless.
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface SymlinkLoop {
  /** Site-relative path of the link: `content/guides/loop`. */
  path: string;
  /** The folder it resolves to, as an absolute path. */
  target: string;
}

function isInside(ancestor: string, path: string): boolean {
  return path === ancestor || path.startsWith(ancestor.endsWith('/') ? ancestor : `${ancestor}/`);
}

async function linkedFolder(path: string): Promise<string | undefined> {
  try {
    const target = await realpath(path);
    return (await stat(target)).isDirectory() ? target : undefined;
  } catch {
    return undefined; // dangling or a file-level loop: reading the file reports it
  }
}

/** `chain`: real paths of the folders walked to get here; a link into any of them is a loop. */
async function walk(root: string, relative: string, chain: readonly string[], loops: SymlinkLoop[]): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(join(root, relative), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    // fast-glob skips dot entries (dot: false), so loops behind them are never followed.
    if (entry.name.startsWith('.')) continue;
    const path = `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      await walk(root, path, [...chain, `${chain.at(-1) ?? root}/${entry.name}`], loops);
    } else if (entry.isSymbolicLink()) {
      const target = await linkedFolder(join(root, path));
      if (target === undefined) continue;
      if (chain.some((folder) => isInside(target, folder))) loops.push({ path, target });
      else await walk(root, path, [...chain, target], loops);
    }
  }
}

/** Every link under the given top folders of `root` that leads back into a folder above it, sorted by path. */
export async function findSymlinkLoops(root: string, topFolders: readonly string[]): Promise<SymlinkLoop[]> {
  const loops: SymlinkLoop[] = [];
  for (const top of topFolders) {
    const real = await realpath(join(root, top)).catch(() => undefined);
    if (real !== undefined) await walk(root, top, [real], loops);
  }
  return loops.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
}
