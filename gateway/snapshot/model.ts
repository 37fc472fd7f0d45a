// The leaf types of a loaded snapshot: its entries, their body files, the memory those keep, and the header lists
// prepared once per entry. Imports nothing of the gateway, so every folder may name them without a circle.
import type { EndpointSpec } from '../../contract/endpoints.ts';
import type { Restriction } from '../../contract/snapshot.ts';

/** The variants an entry's body is stored in. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** The memory budget of bodies: made by a fresh load, handed on by each reload that keeps index shards. */
export interface BodyMemory {
  limit: number;
  left: number;
  /** The bodies holding bytes, by path: a shard parsed again after it was dropped from the parsed-shard cache finds
   *  them here instead of reading and keeping the same file twice. */
  held?: Map<string, StoredBody>;
}

/** What the bodies of one index shard keep; a reload that drops the shard hands `kept` back to the budget. */
export interface BodyLedger {
  kept: number;
  dropped: boolean;
}

/** One body file (identity, gzip or brotli), shared by every entry of an index shard with the same file. */
export interface StoredBody {
  /** Relative to the snapshot folder, as in the index (checked to stay inside it). */
  file: string;
  /** Where it is read from: the pool for names made of a hash, which every snapshot sharing the pool reads alike. */
  path: string;
  size: number;
  /** The bytes once read, for bodies within the memory limit and budget (body-store.ts). */
  bytes: Buffer | undefined;
  memory: BodyMemory;
  ledger: BodyLedger;
}

export interface LoadedEntry {
  etag: string;
  identity: StoredBody;
  gzip: StoredBody | undefined;
  br: StoredBody | undefined;
  restriction: Restriction | undefined;
  /** Header lists per encoding, made on first use (reply/success-reply.ts). */
  prepared: PreparedHeaders | undefined;
}

/** What a reply needs of its route: the cache policy, and the content type when it is not JSON. */
export interface ReplyPolicy {
  cacheControl: EndpointSpec['cacheControl'];
  contentType?: string;
}

/** Flat header lists (`[name, value, …]`) per entry, made on the entry's first request and reused after. */
export interface PreparedHeaders {
  policy: ReplyPolicy;
  notModified: string[];
  ok: Record<Encoding, string[] | undefined>;
}
