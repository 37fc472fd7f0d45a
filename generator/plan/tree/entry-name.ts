// Splits a file or folder name into Typemill's order, name and slug parts
// (docs/typemill.md: Order, name and slug come from the entry name).
import { slugify } from '../../php/slugify.ts';

const SEPARATORS = /[-._=+?!*#()/ ]/;

/** PHP getStringParts: split on every separator character, keeping empty parts. */
export function nameParts(entryName: string): string[] {
  return entryName.split(SEPARATORS);
}

/** Typemill's pathWithoutType cuts a file name at its FIRST dot: `01-version.2.md` → `01-version`. */
export function nameWithoutType(fileName: string): string {
  const firstDot = fileName.indexOf('.');
  return firstDot < 0 ? fileName : fileName.slice(0, firstDot);
}

/** PHP scandir order: compare UTF-8 bytes, never locale order. */
export function byteOrder(left: string, right: string): number {
  return Buffer.compare(Buffer.from(left), Buffer.from(right));
}

export interface EntryName {
  order: string | null;
  name: string;
  slug: string;
  /** File type (last part) for files, `` for folders. */
  type: string;
}

export function parseEntryName(entryName: string, isFile: boolean, langattr: string): EntryName {
  const parts = nameParts(entryName);
  const type = isFile ? (parts.pop() ?? '') : '';
  const order = parts.length > 1 ? (parts.shift() ?? null) : null;
  return { order, name: parts.join(' '), slug: slugify(parts.join('-'), langattr), type };
}
