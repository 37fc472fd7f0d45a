// What the last one-off build published, on disk (`<out>/.cache/published-bodies.v8`): its bodies with their uses, the
// pool files the snapshot before it alone named, and the pool folder's stamp once the build was done. With it, the next
// page-local build reads only the index shards the edit touches and removes only what the patch drops, instead of
// parsing every shard and listing the pool (docs/decisions.md: A cold page build reads what the edit touches).
import { statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { poolName } from '../../contract/dist-folder.ts';
import { DIST_LAYOUT, type StoredFile } from '../../contract/snapshot.ts';
import { CACHE_DIR } from '../render/render-cache.ts';
import type { NamedBody, PublishedIndex } from '../write/published-index.ts';

const FILE = join(CACHE_DIR, 'published-bodies.v8');
const FORMAT = 1;

interface SavedBodies {
  format: typeof FORMAT;
  snapshot: string;
  /** The pool folder's stamp (pool-stamp below) after the build's sweep. */
  pool: string;
  /** Per body: identity, gzip and brotli file ('' for none). */
  files: string[];
  /** Per body: identity, gzip and brotli size, uses. */
  numbers: number[];
  dropped: string[];
}

/** What the last build knew of snapshot `snapshot`, while the pool is as that build left it. */
export interface PublishedBodies {
  bodies: Map<string, NamedBody>;
  dropped: ReadonlySet<string>;
}

/** The pool folder's device, inode and change time: any file added to or removed from it since changes the time, and
 *  a copied or restored pool is another inode (docs/decisions.md: A cold page build reads what the edit touches). */
export function poolStamp(outDir: string): string {
  const stat = statSync(join(outDir, DIST_LAYOUT.bodiesDir), { bigint: true });
  return `${stat.dev}:${stat.ino}:${stat.ctimeNs}:${stat.mtimeNs}`;
}

export async function savePublishedBodies(outDir: string, index: PublishedIndex): Promise<void> {
  const files: string[] = [];
  const numbers: number[] = [];
  for (const { body, uses } of index.bodies.values()) {
    files.push(body.identity.file, body.gzip?.file ?? '', body.br?.file ?? '');
    numbers.push(body.identity.size, body.gzip?.size ?? 0, body.br?.size ?? 0, uses);
  }
  // Unknown only before a publish: every build that publishes knows what it dropped.
  if (index.dropped === undefined) return;
  const dropped = [...index.dropped];
  const path = join(outDir, FILE);
  await mkdir(join(outDir, CACHE_DIR), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  // Written last, its stamp is the pool's at the end of the build: a file of another build's pool never matches.
  const saved: SavedBodies = {
    format: FORMAT,
    snapshot: index.root.id,
    pool: poolStamp(outDir),
    files,
    numbers,
    dropped,
  };
  await writeFile(temporary, serialize(saved));
  await rename(temporary, path);
}

const stored = (file: string, size: number): StoredFile | undefined => (file === '' ? undefined : { file, size });

/** The bodies saved for `snapshot`; undefined where none were, or the pool changed since (then the caller reads the
 *  whole index and checks the pool holds it). */
export async function loadPublishedBodies(outDir: string, snapshot: string): Promise<PublishedBodies | undefined> {
  try {
    const saved = deserialize(await readFile(join(outDir, FILE))) as Partial<SavedBodies> | undefined;
    if (saved?.format !== FORMAT || saved.snapshot !== snapshot || saved.pool !== poolStamp(outDir)) return undefined;
    const { files = [], numbers = [], dropped = [] } = saved;
    const bodies = new Map<string, NamedBody>();
    for (let body = 0; body * 3 < files.length; body++) {
      const file = files[body * 3] as string;
      const name = poolName(file);
      const [size, uses] = [numbers[body * 4] as number, numbers[body * 4 + 3] as number];
      const gzipFile = stored(files[body * 3 + 1] as string, numbers[body * 4 + 1] as number);
      const brFile = stored(files[body * 3 + 2] as string, numbers[body * 4 + 2] as number);
      const staged = {
        hash: name.slice(0, name.indexOf('.')),
        identity: { file, size },
        ...(gzipFile ? { gzip: gzipFile } : {}),
        ...(brFile ? { br: brFile } : {}),
      };
      bodies.set(file, { body: staged, uses });
    }
    return { bodies, dropped: new Set(dropped) };
  } catch {
    return undefined;
  }
}
