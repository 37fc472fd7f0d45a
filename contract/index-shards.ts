// Which shard of the index an entry belongs to: shard 0 holds the site-wide keys (navigation, settings, the search
// index), which change with almost every edit, and stays small; the others hold the rest by the value a key is about
// (a page URL, a slug, a role), so one page's keys share a shard and a one-page change rewrites two small shards
// (docs/snapshot.md, Format 2).
import { fnv1a } from './fnv1a.ts';
import { identifyKey } from './endpoints.ts';
import type { IndexEntry, IndexShardFile } from './snapshot.ts';

/** A shard holds about this many entries or up to twice as many: 40,000 pages make 1,024 shards of 20 KB; smaller
 *  shards would make a one-page change cheaper still, but every reload opens every shard. */
export const SHARD_ENTRIES = 128;
/** The shard count stays while the entries per shard stay within these bounds (the site doubles or halves). */
const FEWEST_PER_SHARD = SHARD_ENTRIES / 2;
const MOST_PER_SHARD = SHARD_ENTRIES * 4;
const MOST_SHARDS = 1 << 16;

function isPowerOfTwo(count: number): boolean {
  return Number.isInteger(count) && count >= 1 && count <= MOST_SHARDS && (count & (count - 1)) === 0;
}

/** A valid count of shards: the site-wide shard plus a power of two of value shards. */
export function isShardCount(count: number): boolean {
  return isPowerOfTwo(count - 1);
}

/** The shard count for `entryCount` entries: the previous count while it still fits, so shards keep their contents;
 *  otherwise one site-wide shard plus the largest power of two giving at least SHARD_ENTRIES per shard. */
export function shardCount(entryCount: number, previousCount?: number): number {
  if (previousCount !== undefined && isShardCount(previousCount)) {
    const perShard = entryCount / (previousCount - 1);
    if ((perShard >= FEWEST_PER_SHARD || previousCount === 2) && perShard <= MOST_PER_SHARD) return previousCount;
  }
  let count = 1;
  while (count < MOST_SHARDS && entryCount / (count * 2) >= SHARD_ENTRIES) count *= 2;
  return count + 1;
}

/** What a key is about: the value of its kind (`/guides/faq` for `meta:/guides/faq`); undefined for site-wide keys,
 *  those whose kind has no value (navigation, settings, `search:index`), is marked `siteWide` (the AI files' views)
 *  or is not known (`search:index:3`). */
export function shardGroupOf(key: string): string | undefined {
  const identity = identifyKey(key);
  return identity === undefined || identity.kind.value === 'none' || identity.kind.siteWide
    ? undefined
    : identity.value;
}

/** The shard of `count` (isShardCount) that holds `key`: 0 for site-wide keys. */
export function indexShardOf(key: string, count: number): number {
  const group = shardGroupOf(key);
  return group === undefined ? 0 : 1 + (fnv1a(group) & (count - 2));
}

/** The entries split into `count` shards, each with its keys in the order given. */
export function splitEntries(entries: Record<string, IndexEntry>, count: number): IndexShardFile[] {
  if (!isShardCount(count))
    throw new RangeError(`index shards: ${count} is not 1 + a power of two up to ${MOST_SHARDS}`);
  const shards: IndexShardFile[] = Array.from({ length: count }, (_, shard) => ({ shard, of: count, entries: {} }));
  for (const key in entries) {
    const shard = shards[indexShardOf(key, count)] as IndexShardFile;
    shard.entries[key] = entries[key] as IndexEntry;
  }
  return shards;
}
