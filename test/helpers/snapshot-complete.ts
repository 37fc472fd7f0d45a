// What a published snapshot folder still lacks (index, shards, accounts, change report, every body file the index
// names), read
// synchronously.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { readSnapshotIndex, type SnapshotContents } from '../../generator/write/read-snapshot-index.ts';

/** The missing files of the snapshot `linkTarget` (relative to `distDir`, as `current` holds it); empty when complete.
 *  */
export function missingFrom(distDir: string, linkTarget: string): string[] {
  const directory = join(distDir, linkTarget);
  let contents: SnapshotContents;
  try {
    contents = readSnapshotIndex(directory);
  } catch {
    return [DIST_LAYOUT.indexFile];
  }
  const bodyFiles = [
    ...contents.shards.map((shard) => shard.file),
    ...Object.values(contents.index.entries).flatMap((entry) => [entry.file, entry.gzip?.file, entry.br?.file]),
  ];
  const files = [
    DIST_LAYOUT.accountsFile,
    DIST_LAYOUT.changesFile,
    ...bodyFiles.filter((file): file is string => file !== undefined),
  ];
  return files.filter((file) => statSync(join(directory, file), { throwIfNoEntry: false }) === undefined);
}
