// A rebuild's load when the watcher reported only edits of files the last load read: those files are stat'ed and read
// again and everything else is kept, with no listing of the site folder. Anything else (a file added or removed, a
// folder, media) needs the full load (docs/decisions.md: A resident builder keeps what did not change).
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { decodeUtf8, type FileStamp, type LoadedSite } from './load-site.ts';
import type { SourceFile } from '../types.ts';

/** Applies `changed` to the last load in place (its maps are large: copying them cost more than the edit) and
 *  returns the files it replaced; undefined, with `last` untouched, where only a full load can tell what changed. */
export function patchSite(
  root: string,
  last: LoadedSite,
  changed: ReadonlySet<string>,
): Map<string, SourceFile> | undefined {
  if (changed.size === 0 || last.errors.length > 0) return undefined;
  const read: Array<{ path: string; stamp: FileStamp; text: string }> = [];
  for (const path of changed) {
    if (!last.source.files.has(path)) return undefined;
    try {
      const stats = statSync(resolve(root, path));
      if (!stats.isFile()) return undefined;
      const text = decodeUtf8(readFileSync(resolve(root, path)), path);
      if (typeof text !== 'string') return undefined;
      read.push({ path, stamp: { size: stats.size, mtimeMs: stats.mtimeMs }, text });
    } catch {
      return undefined;
    }
  }
  const replaced = new Map<string, SourceFile>();
  for (const { path, stamp, text } of read) {
    replaced.set(path, last.source.files.get(path) as SourceFile);
    const mtimeMs = path.startsWith('content/') ? stamp.mtimeMs : 0;
    last.source.files.set(path, { path, text, mtimeMs });
    last.stamps.set(path, stamp);
    if (last.source.mtimes.has(path)) last.source.mtimes.set(path, stamp.mtimeMs);
  }
  return replaced;
}
