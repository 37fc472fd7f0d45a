// The render cache of incremental builds: content bodies keyed by a hash of everything that renders them, kept in <out>/.cache/.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { ContentJob, ContentSettings, RenderedContent } from './content-bodies.ts';

export const CACHE_DIR = '.cache';
const CACHE_FILE = 'rendered-pages.v8';
const GENERATOR_DIR = fileURLToPath(new URL('.', import.meta.url));
/** Packages whose code renders markdown: a new version must not reuse old output. None today: the renderer is
 *  the generator's own code, which the source hash covers. */
const RENDER_PACKAGES: readonly string[] = [];

export type RenderCacheEntries = Map<string, RenderedContent>;

/** A hash of the generator's source and the markdown packages, so any change to the renderer empties the cache. */
export async function rendererFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const sources = (await readdir(GENERATOR_DIR, { recursive: true })).filter((name) => name.endsWith('.ts')).sort();
  for (const name of sources) hash.update(`${name}\0`).update(await readFile(join(GENERATOR_DIR, name))).update('\0');
  for (const name of RENDER_PACKAGES) hash.update(await readFile(fileURLToPath(import.meta.resolve(name))));
  return hash.digest('base64url');
}

export function renderKey(fingerprint: string, settings: ContentSettings, job: ContentJob): string {
  return createHash('sha256')
    .update(fingerprint).update('\0').update(JSON.stringify(settings)).update('\0')
    .update(JSON.stringify([job.markdown ?? null, job.draftBlocks ?? null]))
    .digest('base64url');
}

/** An entry stays valid while every file the renderer asked about still exists, or still does not. */
export function probesHold(entry: RenderedContent, fileExists: (path: string) => boolean): boolean {
  return entry.probes.every(([path, exists]) => fileExists(path) === exists);
}

/** The cached entries, or none when the file is missing or unreadable (the cache is only ever a shortcut). */
export async function loadRenderCache(outDir: string): Promise<RenderCacheEntries> {
  try {
    const entries: unknown = deserialize(await readFile(join(outDir, CACHE_DIR, CACHE_FILE)));
    return entries instanceof Map ? (entries as RenderCacheEntries) : new Map();
  } catch {
    return new Map();
  }
}

/** Replaces the cache file with exactly these entries (written beside it, then renamed). */
export async function saveRenderCache(outDir: string, entries: RenderCacheEntries): Promise<void> {
  const directory = join(outDir, CACHE_DIR);
  await mkdir(directory, { recursive: true });
  const temporary = join(directory, `${CACHE_FILE}.${process.pid}.tmp`);
  await writeFile(temporary, serialize(entries));
  await rename(temporary, join(directory, CACHE_FILE));
}
