// The render cache of incremental builds: each page's content body hashes and file probes, keyed by a hash of
// everything that renders them, kept in <out>/.cache/. The bodies themselves are the previous snapshot's files.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { ContentJob, ContentSettings, StoredContent } from './content-bodies.ts';
import { bundleFiles, RUNS_BUNDLE } from '../running-code.ts';
import { blocksHash, markdownHash } from './page-text-hash.ts';

export const CACHE_DIR = '.cache';
const SHARD_DIR = 'rendered-pages';
const SHARD_SUFFIX = '.v8';
/** One base64url character of the key: 64 shards, about 60 pages each at 4,000 pages. */
const SHARD_KEY_CHARS = 1;
const GENERATOR_DIR = fileURLToPath(new URL('..', import.meta.url));
/** Cached entries hold body hashes and keys the contract defines (contract/etag.ts, contract/endpoints.ts): a new
 *  hash function or key must not reuse them. */
const CONTRACT_DIR = fileURLToPath(new URL('../../contract/', import.meta.url));
/** Packages whose code renders markdown: a new version must not reuse old output. None today: the renderer is
 *  the generator's own code, which the source hash covers. */
const RENDER_PACKAGES: readonly string[] = [];

export type RenderCacheEntries = Map<string, StoredContent>;

/** A hash of the code that renders: the running bundle's files, or under tsx the generator's and the contract's
 *  sources and the markdown packages. Any change to the renderer, or a bundle older than its sources, empties the
 *  cache. */
export async function rendererFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  if (RUNS_BUNDLE) {
    for (const file of bundleFiles())
      hash
        .update(`${basename(file)}\0`)
        .update(await readFile(file))
        .update('\0');
    return hash.digest('base64url');
  }
  for (const directory of [GENERATOR_DIR, CONTRACT_DIR]) {
    const sources = (await readdir(directory, { recursive: true })).filter((name) => name.endsWith('.ts')).sort();
    for (const name of sources)
      hash
        .update(`${name}\0`)
        .update(await readFile(join(directory, name)))
        .update('\0');
  }
  for (const name of RENDER_PACKAGES) hash.update(await readFile(fileURLToPath(import.meta.resolve(name))));
  return hash.digest('base64url');
}

/** Everything that renders a page: the renderer, the settings and the hashes of its texts (page-text-hash.ts), which
 *  a page whose texts stay on disk carries from the plan instead of the texts. */
export function renderKey(fingerprint: string, settings: ContentSettings, job: ContentJob): string {
  const markdown = job.onDisk?.markdown?.hash ?? (job.markdown === undefined ? 'no-md' : markdownHash(job.markdown));
  const draft = job.onDisk?.draft?.hash ?? (job.draftBlocks === undefined ? 'no-txt' : blocksHash(job.draftBlocks));
  return createHash('sha256')
    .update(fingerprint)
    .update('\0')
    .update(JSON.stringify(settings))
    .update(`\0md:${markdown}\0txt:${draft}`)
    .digest('base64url');
}

/** An entry stays valid while every file the renderer asked about still exists, or still does not. */
export function probesHold(entry: StoredContent, fileExists: (path: string) => boolean): boolean {
  return entry.probes.every(([path, exists]) => fileExists(path) === exists);
}

function isStoredContent(value: unknown): value is StoredContent {
  const entry = value as Partial<StoredContent> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    Array.isArray(entry.probes) &&
    typeof entry.hashes === 'object' &&
    entry.hashes !== null &&
    Object.values(entry.hashes).every((hash) => typeof hash === 'string')
  );
}

/** The cached entries, or none where a shard is missing or unreadable (the cache is only ever a shortcut). */
export async function loadRenderCache(outDir: string): Promise<RenderCacheEntries> {
  const directory = join(outDir, CACHE_DIR, SHARD_DIR);
  const names = await readdir(directory).catch(() => [] as string[]);
  const shards = await Promise.all(
    names
      .filter((name) => name.endsWith(SHARD_SUFFIX))
      .map(async (name) => {
        try {
          const entries: unknown = deserialize(await readFile(join(directory, name)));
          return entries instanceof Map
            ? new Map(
                [...(entries as Map<string, unknown>)].filter((pair): pair is [string, StoredContent] =>
                  isStoredContent(pair[1]),
                ),
              )
            : new Map();
        } catch {
          return new Map();
        }
      }),
  );
  return new Map(shards.flatMap((shard) => [...shard]));
}

function shardsOf(entries: RenderCacheEntries): Map<string, RenderCacheEntries> {
  const shards = new Map<string, RenderCacheEntries>();
  for (const [key, entry] of entries) {
    const name = `${key.slice(0, SHARD_KEY_CHARS)}${SHARD_SUFFIX}`;
    const shard = shards.get(name) ?? new Map();
    shards.set(name, shard.set(key, entry));
  }
  return shards;
}

/** Same keys with the very entries loaded: an entry rendered again under its old key (a probed file appeared) is new.
 *  */
function sameEntries(left: RenderCacheEntries | undefined, right: RenderCacheEntries): boolean {
  if (left === undefined || left.size !== right.size) return false;
  for (const [key, entry] of right) if (left.get(key) !== entry) return false;
  return true;
}

/** Makes the cache hold exactly these entries. A shard holding exactly the entries loaded from it is already right on
 *  disk and is not rewritten: an edit of one page rewrites one or two shards of 64 instead of the whole cache. */
export async function saveRenderCache(
  outDir: string,
  entries: RenderCacheEntries,
  loaded: RenderCacheEntries = new Map(),
): Promise<void> {
  const directory = join(outDir, CACHE_DIR, SHARD_DIR);
  await mkdir(directory, { recursive: true });
  const wanted = shardsOf(entries);
  const before = shardsOf(loaded);
  const onDisk = new Set(await readdir(directory));
  for (const [name, shard] of wanted) {
    if (onDisk.has(name) && sameEntries(before.get(name), shard)) continue;
    const temporary = join(directory, `${name}.${process.pid}.tmp`);
    await writeFile(temporary, serialize(shard));
    await rename(temporary, join(directory, name));
  }
  for (const name of onDisk) if (!wanted.has(name)) await rm(join(directory, name), { force: true });
}
