// The input shell: finds the site's files with fast-glob and reads the ones the build needs.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { findSymlinkLoops } from './symlink-loops.ts';
import { scanMedia } from '../media/scan-media.ts';
import { BuildError, type BuildProblem, type SiteSource, type SourceFile } from '../types.ts';

const LISTED = [
  'content/**',
  'settings/settings.yaml',
  'settings/users/*.yaml',
  'settings/snapi-tokens.yaml',
  'plugins/*/*',
  'themes/*/*',
  'media/**',
];
const READ =
  /^(content\/.*\.(md|txt|yaml)|settings\/(?:settings|snapi-tokens)\.yaml|settings\/users\/[^/]+\.yaml|plugins\/[^/]+\/[^/]+\.yaml|themes\/[^/]+\/[^/]+\.yaml)$/;
/** Folders listed without a depth limit: a link loop inside them would be followed forever. */
const DEEP_FOLDERS = ['content', 'media'];
/** Read errors as a site owner understands them. */
const READ_ERROR_HINTS: Record<string, string> = {
  ENOENT: 'a dangling symbolic link or a file removed during the build',
  ELOOP: 'a symbolic link loop',
  EACCES: 'permission denied',
  EISDIR: 'a directory, expected a file',
};

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset && index < bytes.length; index++) if (bytes[index] === 10) line++;
  return line;
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index] ?? 0;
    const length =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead < 0xe0
          ? 2
          : lead >= 0xe0 && lead < 0xf0
            ? 3
            : lead >= 0xf0 && lead < 0xf5
              ? 4
              : 0;
    if (length === 0) return index;
    try {
      utf8.decode(bytes.subarray(index, index + length));
    } catch {
      return index;
    }
    index += length;
  }
  return bytes.length;
}

/** Decodes strict UTF-8; on failure reports the line of the first invalid byte. */
export function decodeUtf8(bytes: Uint8Array, file: string): string | BuildProblem {
  try {
    return utf8.decode(bytes);
  } catch {
    return { file, line: lineOfByte(bytes, firstInvalidUtf8(bytes)), message: 'file is not valid UTF-8' };
  }
}

/** A file's size and modification time as listed: the same stamp and not reported changed means the same text. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
}

/** What an earlier load read, so a rebuild reads only the files that changed (resident/resident-build.ts). */
export interface EarlierLoad {
  files: ReadonlyMap<string, SourceFile>;
  stamps: ReadonlyMap<string, FileStamp>;
  /** Paths reported changed since (by the watcher): read again even when their stamp looks the same. */
  changed: ReadonlySet<string>;
}

function unchangedFile(path: string, stamp: FileStamp | undefined, earlier: EarlierLoad | undefined) {
  if (earlier === undefined || stamp === undefined || earlier.changed.has(path)) return undefined;
  const before = earlier.stamps.get(path);
  return before !== undefined && before.size === stamp.size && before.mtimeMs === stamp.mtimeMs
    ? earlier.files.get(path)
    : undefined;
}

function readProblem(path: string, error: unknown): BuildProblem {
  const code = (error as NodeJS.ErrnoException).code ?? String(error);
  return {
    file: path,
    message: `cannot read file: ${code}${READ_ERROR_HINTS[code] ? ` (${READ_ERROR_HINTS[code]})` : ''}`,
  };
}

/** One file's text as strict UTF-8, or the problem that stops it. */
function readText(location: string, path: string): string | BuildProblem {
  try {
    return decodeUtf8(readFileSync(location), path);
  } catch (error) {
    return readProblem(path, error);
  }
}

/** A page text read at each use and never kept: the plan reads it once, a render worker again
 *  (docs/decisions.md: Render workers read each page's file). */
function onDiskFile(location: string, path: string, mtimeMs: number): SourceFile {
  return {
    path,
    mtimeMs,
    location,
    get text(): string {
      const text = readText(location, path);
      if (typeof text !== 'string') throw new BuildError(text);
      return text;
    },
  };
}

/** Where the build keeps the texts of content `.md` and `.txt` files: in memory, or on disk, read when used. */
export type PageTextsKept = 'in-memory' | 'on-disk';
const PAGE_TEXT = /^content\/.*\.(md|txt)$/;

/** Plain synchronous reads: one system call each instead of four thread-pool round trips (measured 8x faster). */
function readFiles(
  root: string,
  paths: readonly string[],
  listing: Pick<SiteListing, 'stamps' | 'mtimes'>,
  errors: BuildProblem[],
  earlier: EarlierLoad | undefined,
  pageTexts: PageTextsKept,
): Map<string, SourceFile> {
  const files = new Map<string, SourceFile>();
  for (const path of paths) {
    const mtimeMs = listing.mtimes.get(path) ?? 0;
    if (pageTexts === 'on-disk' && PAGE_TEXT.test(path)) {
      files.set(path, onDiskFile(resolve(root, path), path, mtimeMs));
      continue;
    }
    const kept = unchangedFile(path, listing.stamps.get(path), earlier);
    if (kept !== undefined) {
      files.set(path, kept);
      continue;
    }
    const text = readText(resolve(root, path), path);
    if (typeof text === 'string') files.set(path, { path, text, mtimeMs });
    else errors.push(text);
  }
  return files;
}

export interface LoadedSite {
  source: SiteSource;
  /** Every listed file's stamp, for the next load's `earlier`. */
  stamps: Map<string, FileStamp>;
  errors: BuildProblem[];
}

/** What a listing of the site folder found: every entry with its stamp, before any file is read. */
export interface SiteListing {
  contentEntries: string[];
  mtimes: Map<string, number>;
  stamps: Map<string, FileStamp>;
  knownPaths: Set<string>;
  errors: BuildProblem[];
}

/** Lists the site folder's inputs with their sizes and times (link loops are reported, not followed). */
export async function listSite(root: string): Promise<SiteListing> {
  const errors: BuildProblem[] = [];
  const loops = await findSymlinkLoops(root, DEEP_FOLDERS);
  for (const loop of loops)
    errors.push({
      file: loop.path,
      message: `symbolic link loop: it points to ${loop.target}, a folder that contains it; remove the link`,
    });
  // Loaded here, not with the module: a cold page build lists the site without it (plain-listing.ts).
  const { default: fg } = await import('fast-glob');
  const ignore = loops.flatMap((loop) => [fg.escapePath(loop.path), `${fg.escapePath(loop.path)}/**`]);
  const entries = await fg(LISTED, {
    cwd: root,
    dot: false,
    onlyFiles: false,
    markDirectories: true,
    stats: true,
    followSymbolicLinks: true,
    suppressErrors: true,
    ignore,
  }).catch((error: NodeJS.ErrnoException) => {
    errors.push({
      file: error.path ?? root,
      message: `cannot list the site folder: ${error.code ?? error.message}`,
    });
    return [];
  });
  const contentEntries: string[] = [];
  const mtimes = new Map<string, number>();
  const stamps = new Map<string, FileStamp>();
  const knownPaths = new Set<string>();
  for (const entry of entries) {
    const isDirectory = entry.path.endsWith('/');
    const path = isDirectory ? entry.path.slice(0, -1) : entry.path;
    if (!isDirectory && entry.stats) stamps.set(path, { size: entry.stats.size, mtimeMs: entry.stats.mtimeMs });
    if (path.startsWith('content/')) {
      contentEntries.push(entry.path);
      mtimes.set(path, entry.stats?.mtimeMs ?? 0);
    }
    if (!isDirectory) knownPaths.add(path);
    // In content/ a folder may have any name (Typemill scans it as a folder); elsewhere the build needs the file.
    else if (READ.test(path) && !path.startsWith('content/'))
      errors.push({ file: path, message: 'cannot read file: it is a directory, expected a file' });
  }
  return { contentEntries, mtimes, stamps, knownPaths, errors };
}

/** Whether the build reads `path` (a site-relative file path). */
export function isReadInput(path: string): boolean {
  return READ.test(path);
}

/** `pageTexts` 'on-disk': content `.md` and `.txt` texts are read when used, never all held at once (a one-off
 *  build); a resident builder keeps them in memory to compare the next edit with. */
export async function loadSite(
  siteDir: string,
  baseUrl: string,
  rootPath?: string,
  earlier?: EarlierLoad,
  pageTexts: PageTextsKept = 'in-memory',
): Promise<LoadedSite> {
  const root = resolve(siteDir);
  const { contentEntries, mtimes, stamps, knownPaths, errors } = await listSite(root);
  const toRead = [...knownPaths].filter((path) => READ.test(path)).sort();
  const files = readFiles(root, toRead, { stamps, mtimes }, errors, earlier, pageTexts);
  return {
    source: {
      rootPath: rootPath ?? root,
      baseUrl: baseUrl.replace(/\/+$/, ''),
      contentEntries,
      files,
      mtimes,
      knownPaths,
      media: scanMedia(root),
    },
    stamps,
    errors,
  };
}
