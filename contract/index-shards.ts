// Which shard of the index an entry belongs to: by the value its key is about (a page URL, a slug, a role), so one
// page's keys share a shard and a one-page change rewrites few shards (docs/snapshot.md, Format 2).
import { identifyKey } from './endpoints.ts';
import type { IndexEntry, IndexShardFile } from './snapshot.ts';

/** A shard holds about this many entries or up to twice as many: 40,000 pages make 512 shards of 40 KB. */
export const SHARD_ENTRIES = 256;
/** The shard count stays while the entries per shard stay within these bounds (the site doubles or halves). */
const FEWEST_PER_SHARD = SHARD_ENTRIES / 2;
const MOST_PER_SHARD = SHARD_ENTRIES * 4;
const MOST_SHARDS = 1 << 16;

function isPowerOfTwo(count: number): boolean {
  return Number.isInteger(count) && count >= 1 && count <= MOST_SHARDS && (count & (count - 1)) === 0;
}

/** The shard count for `entryCount` entries: the previous count while it still fits, so shards keep their contents;
 *  otherwise the largest power of two giving at least SHARD_ENTRIES per shard. */
export function shardCount(entryCount: number, previousCount?: number): number {
  if (previousCount !== undefined && isPowerOfTwo(previousCount)) {
    const perShard = entryCount / previousCount;
    if ((perShard >= FEWEST_PER_SHARD || previousCount === 1) && perShard <= MOST_PER_SHARD) return previousCount;
  }
  let count = 1;
  while (count < MOST_SHARDS && entryCount / (count * 2) >= SHARD_ENTRIES) count *= 2;
  return count;
}

/** What a key is about: the value of its kind (`/guides/faq` for `meta:/guides/faq`); site-wide keys (navigation,
 *  settings) share ``; a key of no known kind is grouped by what precedes its last colon. */
export function shardGroupOf(key: string): string {
  const identity = identifyKey(key);
  if (identity !== undefined) return identity.value;
  const colon = key.lastIndexOf(':');
  return colon === -1 ? key : key.slice(0, colon);
}

/** FNV-1a over the UTF-16 code units: stable across runs and versions, cheap for 200,000 keys. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let position = 0; position < text.length; position++) {
    hash ^= text.charCodeAt(position);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The shard of `count` (a power of two) that holds `key`. */
export function shardOf(key: string, count: number): number {
  return hashOf(shardGroupOf(key)) & (count - 1);
}

/** The entries split into `count` shards, each with its keys in the order given. */
export function splitEntries(entries: Record<string, IndexEntry>, count: number): IndexShardFile[] {
  if (!isPowerOfTwo(count)) throw new RangeError(`index shards: ${count} is not a power of two up to ${MOST_SHARDS}`);
  const shards: IndexShardFile[] = Array.from({ length: count }, (_, shard) => ({ shard, of: count, entries: {} }));
  for (const key in entries) {
    const shard = shards[shardOf(key, count)] as IndexShardFile;
    shard.entries[key] = entries[key] as IndexEntry;
  }
  return shards;
}

export function isShardCount(count: number): boolean {
  return isPowerOfTwo(count);
}
