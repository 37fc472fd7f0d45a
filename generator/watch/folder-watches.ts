// One platform watch per folder (never per file): a folder's watch names every entry written, created, removed or
// renamed in it, so a file replaced by a rename stays followed; a folder itself replaced is armed again by inode.
import { watch as platformWatch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { TreeStamps } from './tree-stamps.ts';

export type WatchFunction = (path: string, listener: (event: string, name: string | null) => void) => FSWatcher;

export interface FolderWatches {
  /** Watches every folder in `stamps` (and the site folder itself) by its current inode; closes the others. */
  sync(stamps: TreeStamps): void;
  close(): void;
}

const defaultWatch: WatchFunction = (path, listener) =>
  platformWatch(path, { persistent: true }, (event, name) => listener(event, name === null ? null : String(name)));

/** Why a watch could not be armed, as a person can act on it. */
function armingProblem(path: string, error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOSPC')
    return `cannot watch ${path || 'the site folder'}: the system's limit of file watches is reached (ENOSPC; raise fs.inotify.max_user_watches)`;
  return `cannot watch ${path || 'the site folder'}: ${error.code ?? error.message}`;
}

/** `onEvent` gets the site-relative path an event names; `onTrouble` why the platform watcher lost track. Only the
 *  site folder's entries named in `topFolders` are reported from the site folder itself. */
export function folderWatches(
  site: string,
  topFolders: readonly string[],
  onEvent: (path: string) => void,
  onTrouble: (reason: string) => void,
  watch: WatchFunction = defaultWatch,
): FolderWatches {
  /** Folder → its watch and the inode it follows (a folder's time changes with every entry; its inode does not). */
  const armed = new Map<string, { watcher: FSWatcher; inode: string }>();
  let closed = false;

  const arm = (path: string, inode: string): boolean => {
    try {
      const watcher = watch(path === '' ? site : join(site, path), (_event, name) => {
        if (closed) return;
        if (path === '') {
          if (name !== null && topFolders.includes(name)) onEvent(name);
        } else onEvent(name === null ? path : `${path}/${name.split('\\').join('/')}`);
      });
      watcher.on('error', (error: NodeJS.ErrnoException) => {
        if (!closed)
          onTrouble(`the file watcher of ${path || 'the site folder'} failed: ${error.code ?? error.message}`);
      });
      armed.set(path, { watcher, inode });
      return true;
    } catch (error) {
      // A folder removed since it was stamped: the event of its parent reports that.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
      onTrouble(armingProblem(path, error as NodeJS.ErrnoException));
      return false;
    }
  };

  const disarm = (path: string): void => {
    armed.get(path)?.watcher.close();
    armed.delete(path);
  };

  return {
    sync: (stamps) => {
      if (closed) return;
      const folders = new Map<string, string>([['', 'site']]);
      for (const [path, stamp] of stamps)
        if (stamp.startsWith('d:')) folders.set(path, stamp.slice(stamp.lastIndexOf(':') + 1));
      for (const path of [...armed.keys()]) if (armed.get(path)?.inode !== folders.get(path)) disarm(path);
      for (const [path, inode] of folders) if (!armed.has(path) && !arm(path, inode)) return;
    },
    close: () => {
      closed = true;
      for (const path of [...armed.keys()]) disarm(path);
    },
  };
}
