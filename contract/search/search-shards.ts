// The sharded search index: how many shards a site has, which shard holds a page, and the stored root and shard.
import { fnv1a } from '../fnv1a.ts';
import { KEYS, keyOf } from '../endpoints.ts';
import type { SearchDocument } from './search-format.ts';

/** 2: terms and counts; 3: also each document's lead (search-lead.ts). A gateway refuses another format with a message
 *  to rebuild; a build never keeps a shard of another format (a new generator's fingerprint forces a full build). */
export const SHARDED_FORMAT = 3;

/** The page count a shard aims at: a site has the fewest shards (a power of two) with at most this many pages each on
 *  average, so the count changes only when the site doubles or halves. */
export const PAGES_PER_SHARD = 128;

export function shardCountFor(pages: number, pagesPerShard: number = PAGES_PER_SHARD): number {
  let count = 1;
  while (count * pagesPerShard < pages) count *= 2;
  return count;
}

/** A page URL's hash (contract/fnv1a.ts). */
export function urlHash(url: string): number {
  return fnv1a(url);
}

/** The shard of a page: the low bits of its URL's hash, so doubling the count splits each shard in two. */
export function searchShardOf(url: string, shardCount: number): number {
  return urlHash(url) & (shardCount - 1);
}

export function shardKey(shard: number): string {
  return keyOf(KEYS.searchShard, String(shard));
}

/** The body under SEARCH_INDEX_KEY: what every shard shares. It changes only when the language, the shard count or
 *  the common terms change; document counts and field lengths are summed from the shards at load. */
export interface SearchRoot {
  format: typeof SHARDED_FORMAT;
  /** The site `language` setting the terms were made with. */
  language: string;
  shardCount: number;
  /** Terms left out of every shard's headings and text (search-format.ts COMMON_TERMS), code-unit order. */
  commonTerms: string[];
}

/** One searchable version of a page, as a shard stores it: its content key follows from `url` and `live`. */
export interface ShardDocument extends Omit<SearchDocument, 'key'> {
  /** The URL of the searchable page before this one in site order, '' for the first: the shards' pages are put back in
   *  site order by these links, so adding a page changes only its shard and its successor's. */
  after: string;
}

export interface SearchShard {
  format: typeof SHARDED_FORMAT;
  shard: number;
  /** Its pages' documents in site order, a page's live version before its draft; a local id is a position here. */
  documents: ShardDocument[];
  /** Three numbers per document: its title, headings and text lengths in distinct words (MiniSearch's field length). */
  lengths: number[];
  /** The shard's terms in code-unit order. */
  terms: string[];
  /** Per term: [local id, occurrences in the title, in the headings, in the text, …], ids ascending. */
  postings: number[][];
  /** Per document: its lead (search-lead.ts) as positions in `terms`; a word whose term the shard lacks (a common term
   *  indexed in titles only) is left out. */
  leads: number[][];
}

/** The content entry a stored document was indexed from: the live body, or the draft where it differs. */
export function contentKeyOf(document: { url: string; live: boolean }): string {
  return keyOf(document.live ? KEYS.contentLive : KEYS.contentDraft, document.url);
}
