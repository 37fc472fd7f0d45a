// What the last one-off build published, on disk (`<out>/.cache/published-bodies.v8`): its bodies with their uses, the
// pool files the snapshot before it alone named, and the pool folder's stamp once the build was done. With it, the next
// page-local build reads only the index shards the edit touches and removes only what the patch drops, instead of
// parsing every shard and listing the pool (docs/decisions.md: A cold page build reads what the edit touches).
import { statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { CACHE_DIR } from '../render/render-cache.ts';
import type { NamedBody, PublishedIndex } from '../write/published-index.ts';
import { SavedBodyMap } from './saved-body-map.ts';

const FILE = join(CACHE_DIR, 'published-bodies.v8');
const FORMAT = 1;

interface SavedBodies {
  format: typeof FORMAT;
  snapshot: string;
  /** The pool folder's stamp (poolStamp) after the build's sweep. */
  pool: string;
  /** Per body: identity, gzip and brotli file ('' for none), joined by newlines: one string reads back at once. */
  files: string;
  /** Per body: identity, gzip and brotli size, uses. */
  numbers: Float64Array;
  /** Joined by newlines. */
  dropped: string;
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
  // Unknown only before a publish: every build that publishes knows what it dropped.
  if (index.dropped === undefined) return;
  const files: string[] = [];
  const numbers = new Float64Array(index.bodies.size * 4);
  let at = 0;
  for (const made of index.bodies instanceof SavedBodyMap ? index.bodies.rows() : index.bodies.values()) {
    if ('row' in made) {
      const { saved } = index.bodies as SavedBodyMap;
      files.push(...saved.files.slice(made.row * 3, made.row * 3 + 3));
      numbers.set(saved.numbers.subarray(made.row * 4, made.row * 4 + 4), at);
    } else {
      const { body, uses } = made;
      files.push(body.identity.file, body.gzip?.file ?? '', body.br?.file ?? '');
      numbers.set([body.identity.size, body.gzip?.size ?? 0, body.br?.size ?? 0, uses], at);
    }
    at += 4;
  }
  const path = join(outDir, FILE);
  await mkdir(join(outDir, CACHE_DIR), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  const saved: SavedBodies = {
    format: FORMAT,
    snapshot: index.root.id,
    // Taken after the build's last pool write (the sweep): a pool another build changed since never matches.
    pool: poolStamp(outDir),
    files: files.join('\n'),
    numbers,
    dropped: [...index.dropped].join('\n'),
  };
  await writeFile(temporary, serialize(saved));
  await rename(temporary, path);
}

/** The bodies saved for `snapshot`; undefined where none were, or the pool changed since (then the caller reads the
 *  whole index and checks the pool holds it). */
export async function loadPublishedBodies(outDir: string, snapshot: string): Promise<PublishedBodies | undefined> {
  try {
    const saved = deserialize(await readFile(join(outDir, FILE))) as Partial<SavedBodies> | undefined;
    if (saved?.format !== FORMAT || saved.snapshot !== snapshot || saved.pool !== poolStamp(outDir)) return undefined;
    const { numbers } = saved;
    if (typeof saved.files !== 'string' || typeof saved.dropped !== 'string' || !(numbers instanceof Float64Array))
      return undefined;
    const files = saved.files === '' ? [] : saved.files.split('\n');
    if (files.length * 4 !== numbers.length * 3) return undefined;
    const bodies = new SavedBodyMap({ files, numbers });
    return { bodies, dropped: new Set(saved.dropped === '' ? [] : saved.dropped.split('\n')) };
  } catch {
    return undefined;
  }
}
