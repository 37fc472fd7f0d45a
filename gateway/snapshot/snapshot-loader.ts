// Reads a published snapshot's index into memory tables; bodies stay on disk until first asked for (body-store.ts).
import { readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import type { Account, AccessSettings, Restriction, SlugPart, SnapshotIndex } from '../../contract/snapshot.ts';
import { parseAccounts } from '../../contract/parse-snapshot.ts';
import { CompactEntries } from './compact-entries.ts';
import { checkBodyFiles, readIndex } from './read-index.ts';
import { buildAddressMatcher } from '../auth/ip-trust.ts';
import type { ProxyPolicy, TrustPolicy } from '../auth/ip-trust.ts';
import { resolveHosts } from '../auth/trusted-hosts.ts';
import type { HostLookup } from '../auth/trusted-hosts.ts';
import { lazyDummyHash } from '../auth/authenticate.ts';
import { createCredentialCache } from '../auth/credential-cache.ts';
import type { CredentialCache } from '../auth/credential-cache.ts';
import type { PreparedHeaders } from '../http/success-reply.ts';
import { SEARCH_INDEX_KEY } from '../../contract/search/search-format.ts';
import { loadSearchIndex } from '../search/search-index.ts';
import type { SearchIndex } from '../search/search-index.ts';

/** Bodies up to this size are kept in memory after their first read, within the snapshot's memory budget. Large enough
 *  for the navigation of a 20,000-page site (about 14 MB identity): streaming it from disk on every request cost more
 *  CPU than anything else the gateway did (docs/performance.md). */
export const MEMORY_BODY_LIMIT = 16 * 1024 * 1024;
/** Bytes of bodies one snapshot keeps in memory; bodies read after it is spent are read from disk each time. */
export const MEMORY_BUDGET = 64 * 1024 * 1024;

/** Per snapshot: where its body files are and how many more bytes may be kept in memory. */
export interface BodyMemory {
  directory: string;
  limit: number;
  left: number;
}

/** One body file (identity, gzip or brotli), shared by every entry with the same file. */
export interface StoredBody {
  /** Relative to the snapshot folder, as in the index (checked to stay inside it). */
  file: string;
  size: number;
  /** The bytes once read, for bodies within the memory limit and budget (body-store.ts). */
  bytes: Buffer | undefined;
  memory: BodyMemory;
}

export interface LoadedEntry {
  etag: string;
  identity: StoredBody;
  gzip: StoredBody | undefined;
  br: StoredBody | undefined;
  restriction: Restriction | undefined;
  /** Header lists per encoding, made on first use (success-reply.ts). */
  prepared: PreparedHeaders | undefined;
}

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
  /** The search index; absent in snapshots built without one. */
  search?: SearchIndex;
}

/** Everything a request needs, swapped as one value when a new snapshot is loaded. */
export interface ServingState {
  snapshot: LoadedSnapshot;
  trust: TrustPolicy;
  proxy: ProxyPolicy;
  /** The hash unknown users are checked against, made once per snapshot (about 70 ms of bcrypt). */
  dummyHash: () => Promise<string>;
  credentials: CredentialCache;
  /** Problems that did not refuse the snapshot, such as a trusted host that did not resolve. */
  warnings: string[];
}

export interface LoadOptions {
  lookup: HostLookup;
  memoryBodyLimit?: number;
  memoryBudget?: number;
}

async function readJson(path: string): Promise<unknown> {
  const bytes = await readFile(path);
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

export async function buildTrust(
  access: AccessSettings,
  lookup: HostLookup,
): Promise<{ trust: TrustPolicy; warnings: string[] }> {
  const ips = buildAddressMatcher(access.trustedIps, 'trusted IP');
  const hosts = await resolveHosts(access.trustedHosts, lookup);
  const hostCount = access.trustedHosts.filter((host) => host.trim() !== '').length;
  return {
    trust: {
      open: ips.size === 0 && hostCount === 0,
      ips,
      hostAddresses: buildAddressMatcher(hosts.addresses, 'resolved host address'),
    },
    warnings: hosts.failures.map((failure) => `trusted host did not resolve: ${failure}`),
  };
}

/** Loads `<dist>/current`; throws with a reason when anything is missing or malformed. */
export async function loadSnapshot(distDirectory: string, options: LoadOptions): Promise<ServingState> {
  const directory = await realpath(join(distDirectory, DIST_LAYOUT.currentLink));
  const limit = options.memoryBodyLimit ?? MEMORY_BODY_LIMIT;
  const entries = new CompactEntries({ directory, limit, left: options.memoryBudget ?? MEMORY_BUDGET });
  const [index, rawAccounts] = await Promise.all([
    readIndex(directory, entries),
    readJson(join(directory, DIST_LAYOUT.accountsFile)),
  ]);
  await checkBodyFiles(directory, entries);
  const accounts = parseAccounts(rawAccounts);
  const { trust, warnings } = await buildTrust(index.access, options.lookup);
  const searchEntry = entries.get(SEARCH_INDEX_KEY);
  const search =
    searchEntry === undefined ? undefined : await loadSearchIndex(join(directory, searchEntry.identity.file), entries);
  const snapshot: LoadedSnapshot = {
    id: index.id,
    builtAt: index.builtAt,
    basePath: index.basePath,
    directory,
    counts: index.counts,
    access: index.access,
    entries,
    restrictedSlugs: new Map(Object.entries(index.restrictedSlugs)),
    userRecords: new Map(Object.entries(index.userRecords)),
    accounts: new Map(Object.entries(accounts)),
    ...(search === undefined ? {} : { search }),
  };
  return {
    snapshot,
    trust,
    proxy: { enabled: index.access.proxy, proxies: buildAddressMatcher(index.access.trustedProxies, 'trusted proxy') },
    dummyHash: lazyDummyHash(snapshot.accounts.values()),
    credentials: createCredentialCache(),
    warnings,
  };
}
