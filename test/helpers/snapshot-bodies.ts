// Reads a published snapshot back as request key → body, for golden and determinism tests.
import { readFile, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_LAYOUT, type SnapshotIndex } from '../../contract/snapshot.ts';
import { readSnapshotIndex } from '../../generator/write/read-snapshot-index.ts';

export async function readSnapshot(
  distDir: string,
): Promise<{ index: SnapshotIndex; directory: string; bodies: Map<string, string> }> {
  const directory = join(distDir, await readlink(join(distDir, DIST_LAYOUT.currentLink)));
  const { index } = readSnapshotIndex(directory);
  const bodies = new Map<string, string>();
  for (const [key, entry] of Object.entries(index.entries))
    bodies.set(key, await readFile(join(directory, entry.file), 'utf8'));
  return { index, directory, bodies };
}

/** `content:live:/a/b` → `content__live__~a~b.json`: readable, reversible enough, safe on every file system. */
export function goldenFileName(key: string): string {
  return (
    key
      .replace(/:/g, '__')
      .replace(/\//g, '~')
      .replace(/[^A-Za-z0-9_~.@-]/g, (character) => `%${character.charCodeAt(0).toString(16)}`) + '.json'
  );
}
