// The site folder listed by plain synchronous reads (one readdir per folder, one stat per file), for a cold page build:
// it lists what listSite lists (load-site.ts) at a third of fast-glob's cost. A folder holding what only listSite
// handles (a link, an unreadable folder, a folder where a file is read) gives undefined: listSite then lists it.
import { type Dirent, readdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FileStamp, SiteListing } from './load-site.ts';

/** Not a plain listing: listSite must list the folder. */
class NotPlain extends Error {}

interface Found {
  mtimes: Map<string, number>;
  stamps: Map<string, FileStamp>;
  knownPaths: Set<string>;
  contentEntries: string[];
}

/** `root`'s file at `relative`: joined as text, since neither holds a `.` or `..` segment to resolve (root is absolute
 *  and normalised, the rest are names read from folders); path.join's normalising was a tenth of the listing's CPU. */
const inRoot = (root: string, relative: string) => `${root}/${relative}`;

/** The entries of `relative` as fast-glob lists them (`dot: false`); none when it does not exist. */
function entriesOf(root: string, relative: string): Dirent[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(inRoot(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new NotPlain();
  }
  entries = entries.filter((entry) => !entry.name.startsWith('.'));
  if (entries.some((entry) => !entry.isFile() && !entry.isDirectory())) throw new NotPlain();
  return entries;
}

function addFile(root: string, path: string, found: Found): FileStamp {
  const { size, mtimeMs } = statSync(inRoot(root, path));
  const stamp = { size, mtimeMs };
  found.stamps.set(path, stamp);
  found.knownPaths.add(path);
  return stamp;
}

/** Every entry below `relative` (`<relative>/**`); content entries also by time. */
function walk(root: string, relative: string, found: Found, content: boolean): void {
  for (const entry of entriesOf(root, relative)) {
    const path = `${relative}/${entry.name}`;
    const directory = entry.isDirectory();
    const mtimeMs = directory
      ? content
        ? statSync(inRoot(root, path)).mtimeMs
        : 0
      : addFile(root, path, found).mtimeMs;
    if (content) {
      found.contentEntries.push(directory ? `${path}/` : path);
      found.mtimes.set(path, mtimeMs);
    }
    if (directory) walk(root, path, found, content);
  }
}

/** The files `<folder>/<name>` (one level: `settings/users/*.yaml`) or `<folder>/<x>/<name>` (two: `plugins/*\/*`) for
 *  which `wanted` holds; a folder where a file is wanted is not plain. */
function filesIn(root: string, folder: string, wanted: (name: string) => boolean, found: Found): void {
  for (const entry of entriesOf(root, folder)) {
    if (!wanted(entry.name)) continue;
    if (entry.isDirectory()) throw new NotPlain();
    addFile(root, `${folder}/${entry.name}`, found);
  }
}

const YAML_NAME = /^[^/]+\.yaml$/;
const SETTINGS_FILES = new Set(['settings.yaml', 'snapi-tokens.yaml']);

/** The listing of `root` (load-site.ts LISTED), or undefined where listSite must list it. */
export function listPlainSite(site: string): SiteListing | undefined {
  const root = resolve(site);
  const found: Found = { mtimes: new Map(), stamps: new Map(), knownPaths: new Set(), contentEntries: [] };
  try {
    walk(root, 'content', found, true);
    walk(root, 'media', found, false);
    filesIn(root, 'settings', (name) => SETTINGS_FILES.has(name), found);
    filesIn(root, 'settings/users', (name) => YAML_NAME.test(name), found);
    // `plugins/*/*`: a folder's entries; a folder among them matters only where a file is read (a `.yaml`).
    for (const top of ['plugins', 'themes'])
      for (const entry of entriesOf(root, top))
        if (entry.isDirectory())
          for (const inner of entriesOf(root, `${top}/${entry.name}`)) {
            const path = `${top}/${entry.name}/${inner.name}`;
            if (inner.isFile()) addFile(root, path, found);
            else if (inner.name.endsWith('.yaml')) throw new NotPlain();
          }
  } catch (error) {
    if (error instanceof NotPlain || (error as NodeJS.ErrnoException).code !== undefined) return undefined;
    throw error;
  }
  return { ...found, errors: [] };
}
