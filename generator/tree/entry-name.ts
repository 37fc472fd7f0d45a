// Splits a file or folder name into Typemill's order, name and slug parts (reference-semantics 1.2).
import { slugify } from '../slugify.ts';

const SEPARATORS = /[-._=+?!*#()/ ]/;

/** PHP getStringParts: split on every separator character, keeping empty parts. */
export function nameParts(entryName: string): string[] {
  return entryName.split(SEPARATORS);
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
