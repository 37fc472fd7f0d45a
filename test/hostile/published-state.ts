// Test helper: what a dist folder holds on disk, and whether `current` is a complete snapshot.
import { lstat, readFile, readdir, readlink, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_LAYOUT, type SnapshotIndex, type StoredFile } from '../../contract/snapshot.ts';
import { readSnapshotIndex } from '../../generator/write/read-snapshot-index.ts';
import { contentHash, etagOf } from '../../contract/etag.ts';

/** Every path under `directory` with its size and modification time (links: their target), sorted. */
export async function listTree(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const lines: string[] = [];
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    const info = await lstat(path);
    const detail = info.isSymbolicLink() ? `-> ${await readlink(path)}` : `${info.size} ${info.mtimeMs}`;
    lines.push(`${path.slice(directory.length)} ${detail}`);
  }
  return lines.sort();
}

/** Problems with the snapshot `current` points to: `[]` when it is complete, `undefined` when there is no `current`. */
export async function snapshotProblems(distDir: string): Promise<string[] | undefined> {
  const link = join(distDir, DIST_LAYOUT.currentLink);
  const target = await readlink(link).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (target === undefined) return undefined;
  const directory = join(distDir, target);
  let index: SnapshotIndex;
  try {
    index = readSnapshotIndex(directory).index;
  } catch (error) {
    return [`${target}/${DIST_LAYOUT.indexFile}: ${(error as Error).message}`];
  }
  const problems: string[] = [];
  const sizeOf = (file: string) =>
    stat(join(directory, file)).then(
      (info) => info.size,
      () => -1,
    );
  const check = async (key: string, stored: StoredFile) => {
    const size = await sizeOf(stored.file);
    if (size !== stored.size) problems.push(`${key}: ${stored.file} has ${size} bytes, the index says ${stored.size}`);
  };
  for (const [key, entry] of Object.entries(index.entries)) {
    await check(key, entry);
    if (entry.gzip) await check(key, entry.gzip);
    if (entry.br) await check(key, entry.br);
    const body = await readFile(join(directory, entry.file)).catch(() => undefined);
    if (body && etagOf(contentHash(body)) !== entry.etag)
      problems.push(`${key}: ${entry.file} does not match its ETag`);
  }
  for (const file of [DIST_LAYOUT.accountsFile, DIST_LAYOUT.changesFile]) {
    if ((await sizeOf(file)) < 0) problems.push(`${file} is missing`);
  }
  if (Object.keys(index.entries).length === 0) problems.push('the index lists no entries');
  return problems;
}
