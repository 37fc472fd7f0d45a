// Size, modification time and inode of the files a burst touched, taken before a build reads them and compared before it
// publishes: a file still being written shows a difference, and the build is not published (a torn read).
import { statSync } from 'node:fs';
import { join } from 'node:path';

/** `path → "size:mtime:inode"`, or `"absent"` for a file that is gone. */
export type FileStamps = ReadonlyMap<string, string>;

export function stampFiles(site: string, paths: readonly string[]): FileStamps {
  return new Map(
    paths.map((path) => {
      try {
        const stats = statSync(join(site, path));
        return [path, `${stats.size}:${stats.mtimeMs}:${stats.ino}`];
      } catch {
        return [path, 'absent'];
      }
    }),
  );
}

/** The paths whose stamp is different now; empty when every file is as it was. */
export function changedSince(site: string, stamps: FileStamps): string[] {
  const now = stampFiles(site, [...stamps.keys()]);
  return [...stamps].filter(([path, stamp]) => now.get(path) !== stamp).map(([path]) => path);
}
