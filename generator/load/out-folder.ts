// Is this folder a place for a snapshot? Checked before anything is built, so --out never lands inside the site it
// is built from (its files would be read as pages) nor mixes a snapshot into a folder of other files
// (docs/decisions.md: --out is checked before a build).
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';

/** The site's folders the build reads whole: a snapshot inside one would become part of the site. */
const READ_FOLDERS = ['content', 'settings', 'media'] as const;
/** What a snapi build creates first in --out: a folder holding either is an earlier --out. */
const DIST_MARKS: readonly string[] = [DIST_LAYOUT.currentLink, DIST_LAYOUT.snapshotsDir];

/** The real path of `path`, through links, for the part of it that exists. */
function realPathOf(path: string): string {
  const absolute = resolve(path);
  if (existsSync(absolute)) return realpathSync(absolute);
  const parent = dirname(absolute);
  return parent === absolute ? absolute : join(realPathOf(parent), basename(absolute));
}

function isInside(path: string, folder: string): boolean {
  const below = relative(folder, path);
  return below === '' || (below !== '..' && !below.startsWith(`..${sep}`) && !isAbsolute(below));
}

function entriesOf(path: string): string[] | undefined {
  try {
    return statSync(path).isDirectory() ? readdirSync(path) : undefined;
  } catch {
    return [];
  }
}

/** What is wrong with `out` as the snapshot folder of `site`, as one line; undefined when it may be used. */
export function outFolderProblem(site: string, out: string): string | undefined {
  const target = realPathOf(out);
  for (const folder of READ_FOLDERS) {
    const read = join(site, folder);
    if (existsSync(read) && isInside(target, realPathOf(read)))
      return `--out "${out}" is inside the site's ${folder}/ folder, whose files the build reads: the snapshot would become part of the site (give --out a folder outside content/, settings/ and media/)`;
  }
  const entries = entriesOf(target);
  if (entries === undefined) return `--out "${out}" is a file, not a folder (give --out the folder for the snapshot)`;
  if (entries.length > 0 && !entries.some((entry) => DIST_MARKS.includes(entry)))
    return `--out "${out}" holds other files and is not a snapi snapshot folder: it has no ${DIST_MARKS.join(' or ')} (give --out an empty or new folder, or the --out of an earlier build)`;
  return undefined;
}
