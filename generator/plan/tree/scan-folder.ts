// Typemill's Folder::scanFolder on a list of paths: byte-order sort, dot-files skipped, drafts merged into `.txtmd`.
import { byteOrder, nameParts } from './entry-name.ts';

export type ScanEntry = { kind: 'file'; name: string } | { kind: 'folder'; name: string; entries: ScanEntry[] };

/** Directory path (no trailing slash) → names of its children, and whether each is a directory. */
export type Listing = Map<string, Array<{ name: string; isDirectory: boolean }>>;

export function toListing(entries: readonly string[]): Listing {
  const listing: Listing = new Map();
  for (const entry of entries) {
    const isDirectory = entry.endsWith('/');
    const path = isDirectory ? entry.slice(0, -1) : entry;
    const slash = path.lastIndexOf('/');
    const parent = slash < 0 ? '' : path.slice(0, slash);
    const children = listing.get(parent) ?? [];
    children.push({ name: path.slice(slash + 1), isDirectory });
    listing.set(parent, children);
    if (isDirectory && !listing.has(path)) listing.set(path, []);
  }
  return listing;
}

export function scanFolder(listing: Listing, folderPath: string): ScanEntry[] {
  const children = [...(listing.get(folderPath) ?? [])].sort((a, b) => byteOrder(a.name, b.name));
  const scanned: ScanEntry[] = [];
  let previousFileParts: string | undefined;
  for (const child of children) {
    if (child.name.startsWith('.')) continue;
    if (child.isDirectory) {
      scanned.push({ kind: 'folder', name: child.name, entries: scanFolder(listing, `${folderPath}/${child.name}`) });
      continue;
    }
    const parts = nameParts(child.name);
    const type = parts.pop();
    const joined = parts.join('');
    if (type === 'md') scanned.push({ kind: 'file', name: child.name });
    if (type === 'txt') {
      // A draft right after a file of the same name replaces the last recorded entry, whatever that was.
      if (previousFileParts === joined) {
        scanned.pop();
        scanned.push({ kind: 'file', name: child.name + 'md' });
      } else {
        scanned.push({ kind: 'file', name: child.name });
      }
    }
    previousFileParts = joined;
  }
  return scanned;
}
