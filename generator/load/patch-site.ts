// A rebuild's load when the watcher reported only edits of files the last load read: those files are stat'ed and read
// again and everything else is kept, with no listing of the site folder. Anything else (a file added or removed, a
// folder, media) needs the full load (docs/decisions.md: A resident builder keeps what did not change).
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { decodeUtf8, type FileStamp, type LoadedSite } from './load-site.ts';
import type { SourceFile } from '../types.ts';

/** The last load with `changed` applied, or undefined where only a full load can tell what changed. */
export function patchSite(root: string, last: LoadedSite, changed: ReadonlySet<string>): LoadedSite | undefined {
  if (changed.size === 0 || last.errors.length > 0) return undefined;
  const files = new Map(last.source.files);
  const stamps = new Map(last.stamps);
  const mtimes = new Map(last.source.mtimes);
  for (const path of changed) {
    if (!files.has(path)) return undefined;
    let read: { stamp: FileStamp; bytes: Buffer };
    try {
      const stats = statSync(resolve(root, path));
      if (!stats.isFile()) return undefined;
      read = { stamp: { size: stats.size, mtimeMs: stats.mtimeMs }, bytes: readFileSync(resolve(root, path)) };
    } catch {
      return undefined;
    }
    const text = decodeUtf8(read.bytes, path);
    if (typeof text !== 'string') return undefined;
    const mtimeMs = path.startsWith('content/') ? read.stamp.mtimeMs : 0;
    files.set(path, { path, text, mtimeMs } satisfies SourceFile);
    stamps.set(path, read.stamp);
    if (mtimes.has(path)) mtimes.set(path, read.stamp.mtimeMs);
  }
  return { source: { ...last.source, files, mtimes }, stamps, errors: [] };
}
