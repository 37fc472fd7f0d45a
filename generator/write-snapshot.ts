// The output shell: writes a complete snapshot beside the live one, then publishes it with one rename.
import { randomBytes } from 'node:crypto';
import { linkSync, rmSync } from 'node:fs';
import { mkdir, readFile, readdir, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { DIST_LAYOUT, SNAPSHOT_FORMAT, type ChangeReport, type IndexEntry, type SnapshotIndex, type StoredFile } from '../gateway/snapshot/contract.ts';
import { contentHash, etagOf } from '../gateway/snapshot/etag.ts';
import { changesBetween } from './changes.ts';
import { storedEncodings, type StoredEncoding } from './compression-policy.ts';
import { mapConcurrently } from './concurrency.ts';
import type { BuildResult } from './types.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Quality 5 keeps builds fast while getting most of brotli's gain over gzip. */
const BROTLI_QUALITY = 5;
/** Measured on the benchmark's bodies: level 4 is 2 % larger than level 9 and takes half the time. */
const GZIP_LEVEL = 4;
const WRITE_CONCURRENCY = 32;

interface StoredBody {
  hash: string;
  identity: StoredFile;
  gzip?: StoredFile;
  br?: StoredFile;
}

export interface PublishOptions {
  distDir: string;
  baseUrl: string;
  builtAt: Date;
}

export interface Published {
  id: string;
  directory: string;
  responses: number;
  files: number;
  bytes: number;
  /** The change report written to `changes.json`. */
  changes: ChangeReport;
}

function snapshotId(builtAt: Date): string {
  return builtAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z') + '-' + randomBytes(3).toString('hex');
}

async function readPrevious(distDir: string): Promise<{ id: string; directory: string; index: SnapshotIndex } | undefined> {
  try {
    const target = await readlink(join(distDir, DIST_LAYOUT.currentLink));
    const directory = join(distDir, target);
    const index = JSON.parse(await readFile(join(directory, DIST_LAYOUT.indexFile), 'utf8')) as SnapshotIndex;
    return { id: index.id, directory, index };
  } catch {
    return undefined;
  }
}

interface PreviousBodies {
  directory: string;
  /** Hash → the files the previous snapshot stored for it. */
  bodies: Map<string, StoredBody>;
}

const BODY_PREFIX = `${DIST_LAYOUT.bodiesDir}/`;
const BODY_SUFFIX = '.json';

function previousBodies(directory: string, index: SnapshotIndex): PreviousBodies {
  const bodies = new Map<string, StoredBody>();
  for (const entry of Object.values(index.entries ?? {})) {
    // Sliced, not matched: 52,000 entries at 4,000 pages, on every rebuild.
    if (!entry.file.startsWith(BODY_PREFIX) || !entry.file.endsWith(BODY_SUFFIX)) continue;
    const hash = entry.file.slice(BODY_PREFIX.length, -BODY_SUFFIX.length);
    if (hash === '' || hash.includes('/') || bodies.has(hash)) continue;
    bodies.set(hash, {
      hash, identity: { file: entry.file, size: entry.size },
      ...(entry.gzip ? { gzip: { file: entry.gzip.file, size: entry.gzip.size } } : {}), ...(entry.br ? { br: { file: entry.br.file, size: entry.br.size } } : {}),
    });
  }
  return { directory, bodies };
}

async function writeBodyFile(directory: string, name: string, data: Uint8Array | string): Promise<void> {
  await writeFile(join(directory, DIST_LAYOUT.bodiesDir, name), data);
}

/** A body the previous snapshot already holds: link its files, no compression. Synchronous: a link is one short
 *  system call, cheaper than a thread-pool round trip, and the pool stays free for compression (a rebuild links
 *  every unchanged body: 22,000 files for 4,000 pages). */
function linkPrevious(directory: string, previousDirectory: string, reused: StoredBody): boolean {
  const files = [reused.identity, reused.gzip, reused.br].filter((file): file is StoredFile => file !== undefined);
  try {
    for (const file of files) linkSync(join(previousDirectory, file.file), join(directory, file.file));
    return true;
  } catch {
    for (const file of files) rmSync(join(directory, file.file), { force: true });
    return false;
  }
}

const NO_VARIANT = Promise.resolve(undefined);

async function storeBody(directory: string, previous: PreviousBodies | undefined, body: ToStore): Promise<StoredBody> {
  const { hash, text, pageContent, compress } = body;
  const reused = previous?.bodies.get(hash);
  if (previous && reused && linkPrevious(directory, previous.directory, reused)) return reused;
  const size = Buffer.byteLength(text);
  const identity = { file: `${DIST_LAYOUT.bodiesDir}/${hash}.json`, size };
  await writeBodyFile(directory, `${hash}.json`, text);
  // Bodies never sent (the search index) get no compressed copies.
  const encodings = new Set<StoredEncoding>(compress ? storedEncodings({ size, pageContent }) : []);
  const variants: StoredBody = { hash, identity };
  const [gz, br] = await Promise.all([
    encodings.has('gzip') ? gzipAsync(text, { level: GZIP_LEVEL }) : NO_VARIANT,
    encodings.has('br') ? brotliAsync(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size } }) : NO_VARIANT,
  ]);
  if (gz && gz.byteLength < size * 0.9) {
    await writeBodyFile(directory, `${hash}.json.gz`, gz);
    variants.gzip = { file: `${DIST_LAYOUT.bodiesDir}/${hash}.json.gz`, size: gz.byteLength };
  }
  if (br && br.byteLength < size * 0.9) {
    await writeBodyFile(directory, `${hash}.json.br`, br);
    variants.br = { file: `${DIST_LAYOUT.bodiesDir}/${hash}.json.br`, size: br.byteLength };
  }
  return variants;
}

/** One distinct body: a page content body only if every response that answers with it is one. */
interface ToStore {
  hash: string;
  text: string;
  pageContent: boolean;
  compress: boolean;
}

async function storeAll(directory: string, previous: PreviousBodies | undefined, bodies: Map<string, ToStore>): Promise<Map<string, StoredBody>> {
  const stored = await mapConcurrently([...bodies.values()], WRITE_CONCURRENCY, (body) => storeBody(directory, previous, body));
  return new Map(stored.map((body) => [body.hash, body]));
}

async function pruneOlder(distDir: string, keep: ReadonlySet<string>): Promise<void> {
  const snapshots = join(distDir, DIST_LAYOUT.snapshotsDir);
  for (const name of await readdir(snapshots)) {
    if (!keep.has(name)) await rm(join(snapshots, name), { recursive: true, force: true });
  }
  // A build killed between creating its temporary link and renaming it leaves the link behind.
  for (const name of await readdir(distDir)) {
    if (name.startsWith('.current-')) await rm(join(distDir, name), { force: true });
  }
}

export async function publishSnapshot(result: BuildResult, options: PublishOptions): Promise<Published> {
  const id = snapshotId(options.builtAt);
  const snapshots = join(options.distDir, DIST_LAYOUT.snapshotsDir);
  const staging = join(snapshots, `.staging-${id}`);
  const directory = join(snapshots, id);
  await mkdir(join(staging, DIST_LAYOUT.bodiesDir), { recursive: true });
  const previous = await readPrevious(options.distDir);

  const hashes = new Map<string, string>();
  const bodies = new Map<string, ToStore>();
  for (const { key, body, pageContent, hash: knownHash, compress } of result.responses) {
    const hash = knownHash ?? contentHash(body);
    hashes.set(key, hash);
    const seen = bodies.get(hash);
    if (seen === undefined) bodies.set(hash, { hash, text: body, pageContent: pageContent === true, compress: compress !== false });
    else if (pageContent !== true) seen.pageContent = false;
  }
  const stored = await storeAll(staging, previous ? previousBodies(previous.directory, previous.index) : undefined, bodies);
  const entries: Record<string, IndexEntry> = {};
  for (const { key, restriction } of result.responses) {
    const body = stored.get(hashes.get(key) ?? '');
    if (!body) continue;
    entries[key] = {
      ...body.identity, etag: etagOf(body.hash),
      ...(body.gzip ? { gzip: body.gzip } : {}), ...(body.br ? { br: body.br } : {}), ...(restriction ? { restriction } : {}),
    };
  }
  const bytes = [...stored.values()].reduce((sum, body) => sum + body.identity.size, 0);
  const index: SnapshotIndex = {
    format: SNAPSHOT_FORMAT, id, builtAt: options.builtAt.toISOString(), baseUrl: options.baseUrl, basePath: result.basePath,
    counts: { ...result.stats, responses: Object.keys(entries).length, bytes },
    access: result.access, entries, restrictedSlugs: result.restrictedSlugs, userRecords: result.userRecords,
  };
  await writeFile(join(staging, DIST_LAYOUT.indexFile), JSON.stringify(index));
  await writeFile(join(staging, DIST_LAYOUT.accountsFile), JSON.stringify(result.accounts), { mode: 0o600 });
  const changes = changesBetween(previous?.index, index);
  await writeFile(join(staging, DIST_LAYOUT.changesFile), JSON.stringify(changes, null, 2));
  await rename(staging, directory);

  // Publishing is one rename of a symlink: readers see the old snapshot or the new one, never a mix.
  const temporaryLink = join(options.distDir, `.current-${id}`);
  await symlink(join(DIST_LAYOUT.snapshotsDir, id), temporaryLink);
  await rename(temporaryLink, join(options.distDir, DIST_LAYOUT.currentLink));
  await pruneOlder(options.distDir, new Set([id, ...(previous ? [previous.id] : [])]));
  return { id, directory, responses: Object.keys(entries).length, files: stored.size, bytes, changes };
}
