// What a published snapshot folder still lacks (index, accounts, change report, every body file the index names), read
// synchronously.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_LAYOUT, type SnapshotIndex } from '../../contract/snapshot.ts';

/** The missing files of the snapshot `linkTarget` (relative to `distDir`, as `current` holds it); empty when complete. */
export function missingFrom(distDir: string, linkTarget: string): string[] {
  const directory = join(distDir, linkTarget);
  let index: SnapshotIndex;
  try {
    index = JSON.parse(readFileSync(join(directory, DIST_LAYOUT.indexFile), 'utf8')) as SnapshotIndex;
  } catch {
    return [DIST_LAYOUT.indexFile];
  }
  const bodyFiles = Object.values(index.entries).flatMap((entry) => [entry.file, entry.gzip?.file, entry.br?.file]);
  const files = [
    DIST_LAYOUT.accountsFile,
    DIST_LAYOUT.changesFile,
    ...bodyFiles.filter((file): file is string => file !== undefined),
  ];
  return files.filter((file) => statSync(join(directory, file), { throwIfNoEntry: false }) === undefined);
}
