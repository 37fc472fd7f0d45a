// Reads a published snapshot's index into memory tables, taking over from the snapshot served before what did not
// change; bodies stay on disk until first asked for (body-store.ts).
import { readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import type { AccessSettings } from '../../contract/snapshot.ts';
import { parseAccounts } from '../../contract/parse-snapshot.ts';
import { parseSnapshotTokens } from '../../contract/api-token.ts';
import { buildTokenTable } from '../auth/token-table.ts';
import { parseJson } from '../../contract/parse-json.ts';
import { checkShardFiles, readIndex } from './read-index.ts';
import type { ShardedIndex } from './read-index.ts';
import { ShardedEntries } from './sharded-entries.ts';
import type { LazyShard } from './lazy-shard.ts';
import { ParsedShards } from './parsed-shards.ts';
import { buildAddressMatcher } from '../auth/ip-trust.ts';
import type { TrustPolicy } from '../auth/ip-trust.ts';
import { resolveHosts } from '../auth/trusted-hosts.ts';
import type { HostLookup } from '../auth/trusted-hosts.ts';
import type { LoadedSnapshot, LoadOptions, ServingState } from './serving-state.ts';
import type { BodyMemory } from './model.ts';
import { lazyDummyHash } from '../auth/authenticate.ts';
import { createCredentialCache } from '../auth/credential-cache.ts';
import { SEARCH_INDEX_KEY } from '../../contract/search/search-format.ts';
import { loadSearchIndex } from '../search/search-index.ts';
import { collectGarbageOnce } from '../../contract/collect-garbage.ts';

/** Bodies up to this size are kept in memory after their first read, within the memory budget. Large enough for the
 *  navigation of a 20,000-page site (about 14 MB identity): streaming it from disk on every request cost more CPU than
 *  anything else the gateway did (docs/performance.md). */
export const MEMORY_BODY_LIMIT = 16 * 1024 * 1024;
/** Bytes of bodies kept in memory; bodies read after it is spent are read from disk each time. */
export const MEMORY_BUDGET = 64 * 1024 * 1024;

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

/** Loads `<dist>/current`; throws with a reason when anything is missing or malformed. With `previous` (the state being
 *  served), index shards, search shards, bodies kept in memory and the credential cache that did not change are taken
 *  from it (docs/snapshot.md: How a reload reuses the index); what is served is what a fresh load would serve. */
export async function loadSnapshot(
  distDirectory: string,
  options: LoadOptions,
  previous?: ServingState,
): Promise<ServingState> {
  if (previous?.reusable !== undefined) {
    try {
      return await load(distDirectory, options, previous, true);
    } catch {
      // A reload that fails is tried once more from nothing, so what is refused, and why, is what a fresh load says:
      // the reuse path cannot refuse a snapshot the fresh one would serve (a size recorded by a refused snapshot).
    }
  }
  return load(distDirectory, options, previous, false);
}

async function load(
  distDirectory: string,
  options: LoadOptions,
  previous: ServingState | undefined,
  reuseTables: boolean,
): Promise<ServingState> {
  const directory = await realpath(join(distDirectory, DIST_LAYOUT.currentLink));
  const pool = await realpath(join(directory, DIST_LAYOUT.bodiesDir));
  const kept = reuseTables && previous?.reusable?.pool === pool ? previous : undefined;
  const memory = kept?.reusable?.memory ?? {
    limit: options.memoryBodyLimit ?? MEMORY_BODY_LIMIT,
    left: options.memoryBudget ?? MEMORY_BUDGET,
    held: new Map(),
  };
  const parsedShards = kept?.reusable?.parsedShards ?? new ParsedShards(options.parsedEntriesLimit);
  // A start parses each shard on first use; a reload parses the shards it changed and checks their body files.
  const parseNow = previous !== undefined;
  const accountsPath = join(directory, DIST_LAYOUT.accountsFile);
  const place = { memory, directory, pool, parsed: parsedShards };
  const [index, accountsText] = await Promise.all([
    readIndex(directory, place, kept?.reusable?.index, parseNow),
    readFile(accountsPath, 'utf8'),
  ]);
  const { root } = index;
  const entries = new ShardedEntries(
    index.shards,
    root.shards.reduce((sum, shard) => sum + shard.entries, 0),
  );
  const bodyFilesChecked = await checkShardFiles(
    index.parsed.map((position) => index.shards[position]!),
    pool,
    directory,
  );
  const accountsFile = parseJson(accountsText, accountsPath);
  const accounts = parseAccounts(accountsFile);
  const { trust, warnings } = await buildTrust(root.access, options.lookup);
  const searchEntry = entries.get(SEARCH_INDEX_KEY);
  const searchLater = searchEntry !== undefined && options.searchInBackground === true && previous === undefined;
  const search =
    searchEntry === undefined || searchLater
      ? undefined
      : await loadSearchIndex(
          searchEntry.identity.path,
          entries,
          kept?.snapshot.search,
          kept === undefined ? undefined : removedKeys(kept.reusable!.index, index),
        );
  const snapshot: LoadedSnapshot = {
    id: root.id,
    builtAt: root.builtAt,
    basePath: root.basePath,
    directory,
    counts: root.counts,
    access: root.access,
    entries,
    restrictedSlugs: new Map(Object.entries(root.restrictedSlugs)),
    userRecords: new Map(Object.entries(root.userRecords)),
    accounts: new Map(Object.entries(accounts)),
    tokens: buildTokenTable(parseSnapshotTokens(accountsFile)),
    ...(search === undefined ? {} : { search }),
    ...(root.history === undefined ? {} : { history: root.history }),
  };
  if (searchLater) snapshot.searchLoading = searchInBackground(snapshot, searchEntry.identity.path);
  const userRecordsText = JSON.stringify(root.userRecords);
  // A changed accounts file makes a fresh cache: a removed user, a new password or role must not pass on a credential
  // remembered from before.
  const credentialsKept =
    previous !== undefined &&
    previous.reusable?.accountsText === accountsText &&
    previous.reusable.userRecordsText === userRecordsText;
  if (kept !== undefined) dropShards(kept.reusable!.index.shards, index.shards, parsedShards, memory);
  // Only now: a refused snapshot's folder may be removed, and the snapshot served before reads these shards too.
  for (const shard of index.shards) shard.moveTo(place);
  return {
    snapshot,
    trust,
    proxy: { enabled: root.access.proxy, proxies: buildAddressMatcher(root.access.trustedProxies, 'trusted proxy') },
    dummyHash: credentialsKept ? previous.dummyHash : lazyDummyHash(snapshot.accounts.values()),
    credentials: credentialsKept ? previous.credentials : createCredentialCache(),
    warnings,
    reusable: { index, pool, memory, parsedShards, accountsText, userRecordsText },
    stats: {
      indexShards: root.shards.length,
      indexShardsParsed: index.parsed.length,
      bodyFilesChecked,
      searchShards: search?.shardCount ?? 0,
      searchShardsParsed: search?.shardsParsed ?? 0,
      credentialsKept,
    },
  };
}

/** Reads the search index of a snapshot already served; a failure leaves it without one, saying why. */
function searchInBackground(snapshot: LoadedSnapshot, path: string): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => loadSearchIndex(path, snapshot.entries, undefined, undefined, false))
    .then(
      (index) => {
        snapshot.search = index;
        // Reading the index leaves ~100 MB of garbage at 40,000 pages that V8 would keep as heap under load.
        collectGarbageOnce();
      },
      (error: unknown) => {
        snapshot.searchFailure = error instanceof Error ? error.message : String(error);
      },
    );
}

/** The keys of the index before that the index read lacks: only the shards read again can have lost any. Undefined
 *  when that cannot be told without reading every shard. */
function removedKeys(before: ShardedIndex, after: ShardedIndex & { parsed: number[] }): Set<string> | undefined {
  if (before.shards.length !== after.shards.length) return undefined;
  const removed = new Set<string>();
  try {
    for (const position of after.parsed)
      for (const key of before.shards[position]!.keys())
        if (after.shards[position]!.get(key) === undefined) removed.add(key);
  } catch {
    return undefined;
  }
  return removed;
}

/** The shards a reload did not keep hand back what their bodies held in memory; a late request on the old snapshot
 *  reads them from disk without keeping them. */
function dropShards(
  before: readonly LazyShard[],
  after: readonly LazyShard[],
  parsed: ParsedShards,
  memory: BodyMemory,
): void {
  const still = new Set(after);
  for (const shard of before) {
    if (still.has(shard)) continue;
    parsed.forget(shard);
    shard.retire();
  }
  for (const [path, body] of memory.held ?? []) if (body.ledger.dropped) memory.held?.delete(path);
}
