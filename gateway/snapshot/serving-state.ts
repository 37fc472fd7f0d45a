// The shapes a loaded snapshot is held in: the state requests read and what a reload may take over from it; its
// entries and bodies are in model.ts.
import type { TokenTable } from '../auth/token-table.ts';
import type { Account, AccessSettings, HistoryRoot, SlugPart, SnapshotIndex } from '../../contract/snapshot.ts';
import type { ProxyPolicy, TrustPolicy } from '../auth/ip-trust.ts';
import type { HostLookup } from '../auth/trusted-hosts.ts';
import type { CredentialCache } from '../auth/credential-cache.ts';
import type { SearchIndex } from '../search/search-index.ts';
import type { ParsedShards } from './parsed-shards.ts';
import type { ShardedIndex } from './read-index.ts';
import type { BodyMemory, LoadedEntry } from './model.ts';

export interface LoadedSnapshot {
  id: string;
  builtAt: string;
  basePath: string;
  directory: string;
  counts: SnapshotIndex['counts'];
  access: AccessSettings;
  entries: ReadonlyMap<string, LoadedEntry>;
  restrictedSlugs: ReadonlyMap<string, SlugPart[]>;
  userRecords: ReadonlyMap<string, string>;
  accounts: ReadonlyMap<string, Account>;
  /** API tokens by SHA-256; absent in states not loaded from disk (tests): no token passes. */
  tokens?: TokenTable;
  /** The search index; absent in snapshots built without one, and until `searchLoading` settles. */
  search?: SearchIndex;
  /** The first snapshot of a start serves before its search index is read (LoadOptions.searchInBackground): settles
   *  when `search` is set or `searchFailure` says why it could not be. */
  searchLoading?: Promise<void>;
  searchFailure?: string;
  /** The change history (contract/history.ts); absent in snapshots built before the feed existed. */
  history?: HistoryRoot;
}

/** What the next reload may take over from a loaded snapshot. */
export interface ReusableParts {
  index: ShardedIndex;
  /** The bodies folder with links resolved: shards are only kept between snapshots sharing it. */
  pool: string;
  memory: BodyMemory;
  /** The shards parsed and kept in memory, over the snapshots that took them over. */
  parsedShards: ParsedShards;
  /** accounts.json and the root's user records as read, to tell whether the credential cache still holds. */
  accountsText: string;
  userRecordsText: string;
}

/** What a load read and what it took over, for tests and the reload benchmark. */
export interface LoadStats {
  indexShards: number;
  /** Index shards parsed by the load: none on a start, the changed ones on a reload. */
  indexShardsParsed: number;
  /** Body files checked against the bodies folder. */
  bodyFilesChecked: number;
  searchShards: number;
  searchShardsParsed: number;
  credentialsKept: boolean;
}

/** Everything a request needs, swapped as one value when a new snapshot is loaded. */
export interface ServingState {
  snapshot: LoadedSnapshot;
  trust: TrustPolicy;
  proxy: ProxyPolicy;
  /** The hash unknown users are checked against, made once per set of accounts (about 70 ms of bcrypt). */
  dummyHash: () => Promise<string>;
  credentials: CredentialCache;
  /** Problems that did not refuse the snapshot, such as a trusted host that did not resolve. */
  warnings: string[];
  /** Absent in states not loaded from disk (tests). */
  reusable?: ReusableParts;
  stats?: LoadStats;
}

export interface LoadOptions {
  lookup: HostLookup;
  /** Read the search index after the snapshot is served instead of before, unless a snapshot is being served.
   *  docs/decisions.md: A start reads the search index after it listens */
  searchInBackground?: boolean;
  memoryBodyLimit?: number;
  memoryBudget?: number;
  /** Entries kept parsed at most (parsed-shards.ts). */
  parsedEntriesLimit?: number;
}
