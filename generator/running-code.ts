// Which code of the generator is running: a bundle (generator/build/*.mjs, what the commands start) or the TypeScript
// sources under tsx (development and tests). The render workers and the render cache's fingerprint follow it.
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** This module's own URL is the bundle's when it was bundled: esbuild keeps `import.meta.url` as the output file's. */
export const RUNS_BUNDLE = import.meta.url.endsWith('.mjs');

/** The folder of a command's chunks (commands/bundle.mjs): `<command>-chunks/` beside `<command>.mjs`. */
const CHUNKS_SUFFIX = '-chunks';

/** The bundle's entry file for a module of it: the file itself, or the command's entry when it sits in the command's
 *  chunks folder (a module split off into a chunk sees the chunk's URL as `import.meta.url`). */
export function bundleEntryOf(moduleFile: string): string {
  const folder = dirname(moduleFile);
  const name = basename(folder);
  return name.endsWith(CHUNKS_SUFFIX)
    ? join(dirname(folder), `${name.slice(0, -CHUNKS_SUFFIX.length)}.mjs`)
    : moduleFile;
}

/** A module's folder as paths relative to it expect: generator/<area>/ under tsx, generator/build/ for a bundle's
 *  entry, and that too for a chunk (one folder further down). */
export function moduleFolderOf(moduleFolder: string): string {
  return basename(moduleFolder).endsWith(CHUNKS_SUFFIX) ? dirname(moduleFolder) : moduleFolder;
}

/** The files of a chunks folder; none when the command was bundled whole. */
function chunkNames(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** A bundle's files, for the fingerprint: the entry, every chunk it may load (all of its chunks folder, sorted) and
 *  the render worker beside it. */
export function bundleFilesOf(entry: string): string[] {
  const chunks = join(dirname(entry), `${basename(entry, '.mjs')}${CHUNKS_SUFFIX}`);
  const chunkFiles = chunkNames(chunks)
    .map((name) => join(chunks, name))
    .sort();
  return [entry, ...chunkFiles, join(dirname(entry), 'render-worker.mjs')];
}

/** The running bundle's files. */
export function bundleFiles(): string[] {
  return bundleFilesOf(bundleEntryOf(fileURLToPath(import.meta.url)));
}

/** What a render worker imports first: its bundle, or tsx's loader and then its TypeScript entry (Node 20 does not
 *  apply `--import tsx` to a worker's own entry file). */
export function renderWorkerBootstrap(): string {
  if (RUNS_BUNDLE) {
    const worker = join(dirname(bundleEntryOf(fileURLToPath(import.meta.url))), 'render-worker.mjs');
    return `import(${JSON.stringify(pathToFileURL(worker).href)})`;
  }
  const worker = new URL('./render/render-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register(); return import(${JSON.stringify(worker)}); })`;
}
