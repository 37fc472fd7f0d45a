// Is this folder a Typemill site? Checked before anything is built, so a mistyped --site never publishes an empty
// site over the live one (docs/decisions.md: A site folder must hold pages).
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

export interface SiteFolderProblem {
  /** `usage`: the option names no site folder (exit 2); `content`: the site has no pages (exit 1). */
  kind: 'usage' | 'content';
  message: string;
}

const PAGE_FILE = /\.(md|txt)$/;

function listing(path: string): string[] | undefined {
  try {
    return readdirSync(path);
  } catch {
    return undefined;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Deep enough for any real tree; a link loop (reported by the build itself) ends here. */
const MAX_DEPTH = 32;

/** True when some page file (`.md`, `.txt`) lies anywhere below the folder; stops at the first one. */
function holdsPages(folder: string, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  for (const name of listing(folder) ?? []) {
    if (name.startsWith('.')) continue;
    const path = join(folder, name);
    if (PAGE_FILE.test(name) && !isDirectory(path)) return true;
    if (isDirectory(path) && holdsPages(path, depth + 1)) return true;
  }
  return false;
}

/** What is wrong with `siteDir` as a site folder, or undefined when it holds a content/ folder with pages. */
export function siteFolderProblem(
  siteDir: string,
  options: { allowEmpty?: boolean } = {},
): SiteFolderProblem | undefined {
  let isFolder: boolean;
  try {
    isFolder = statSync(siteDir).isDirectory();
  } catch {
    return {
      kind: 'usage',
      message: `site folder "${siteDir}" does not exist (give --site the folder that holds content/ and settings/)`,
    };
  }
  if (!isFolder)
    return {
      kind: 'usage',
      message: `site folder "${siteDir}" is a file, not a folder (give --site the folder that holds content/ and settings/)`,
    };
  const content = join(siteDir, 'content');
  if (!isDirectory(content)) {
    const looksLikeContent =
      basename(siteDir) === 'content' || (listing(siteDir) ?? []).some((name) => PAGE_FILE.test(name));
    const hint = looksLikeContent
      ? `it looks like a content folder itself: give --site its parent, the folder that holds content/ and settings/`
      : 'give --site the folder that holds content/ and settings/';
    return { kind: 'usage', message: `"${siteDir}" is not a site folder: it has no content/ folder (${hint})` };
  }
  if (!options.allowEmpty && !holdsPages(content)) {
    return {
      kind: 'content',
      message: `"${join(siteDir, 'content')}" holds no pages (add a page such as content/index.md, or pass --allow-empty to publish an empty site)`,
    };
  }
  return undefined;
}
