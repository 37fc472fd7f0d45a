// Reads a published snapshot folder completely into memory tables (small bodies in memory, large ones by path).
import { readFile, readdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_LAYOUT } from './contract.ts';
import type { Account, AccessSettings, IndexEntry, Restriction, SlugPart, SnapshotIndex, StoredFile } from './contract.ts';
import { parseAccounts, parseSnapshotIndex } from './parse-snapshot.ts';
import { buildAddressMatcher } from './ip-trust.ts';
import type { ProxyPolicy, TrustPolicy } from './ip-trust.ts';
import { resolveHosts } from './trusted-hosts.ts';
import type { HostLookup } from './trusted-hosts.ts';
import { createDummyHash } from './authenticate.ts';
import { createCredentialCache } from './credential-cache.ts';
import type { CredentialCache } from './credential-cache.ts';
import type { Encoding } from './negotiate.ts';

export const MEMORY_BODY_LIMIT = 64 * 1024;
/** Total bytes read into memory at load; later bodies are read on first request (body-cache.ts), so start-up and RSS stay bounded. */
export const MEMORY_BUDGET = 2 * 1024 * 1024;

export interface StoredBody {
  /** Absolute path inside the snapshot folder. */
  path: string;
  size: number;
  /** The bytes, for bodies up to the memory limit. */
  bytes?: Buffer;
}

export interface LoadedEntry {
  etag: string;
  variants: ReadonlyMap<Encoding, StoredBody>;
  restriction?: Restriction;
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
}

/** Everything a request needs, swapped as one value when a new snapshot is loaded. */
export interface ServingState {
  snapshot: LoadedSnapshot;
  trust: TrustPolicy;
  proxy: ProxyPolicy;
  dummyHash: string;
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
  const text = await readFile(path, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function createBodyReader(directory: string, memoryLimit: number, budget: number, listed: ReadonlySet<string>) {
  const bodiesByFile = new Map<string, Promise<StoredBody>>();
  let budgetLeft = budget;
  const readBody = async (stored: StoredFile): Promise<StoredBody> => {
    const path = join(directory, stored.file);
    if (stored.size > memoryLimit || stored.size > budgetLeft) {
      // One directory listing instead of a stat per file; sizes are checked when the body is first read.
      if (!listed.has(stored.file)) throw new Error(`${stored.file}: no such body file`);
      return { path, size: stored.size };
    }
    budgetLeft -= stored.size;
    const bytes = await readFile(path);
    if (bytes.length !== stored.size) throw new Error(`${stored.file}: index says ${stored.size} bytes, file has ${bytes.length}`);
    return { path, size: stored.size, bytes };
  };
  return (stored: StoredFile): Promise<StoredBody> => {
    const pending = bodiesByFile.get(stored.file) ?? readBody(stored);
    bodiesByFile.set(stored.file, pending);
    return pending;
  };
}

const PARALLEL_READS = 64;

async function loadEntry(entry: IndexEntry, readBody: (stored: StoredFile) => Promise<StoredBody>): Promise<LoadedEntry> {
  const stored: Array<[Encoding, StoredFile | undefined]> = [['identity', entry], ['gzip', entry.gzip], ['br', entry.br]];
  const variants = new Map<Encoding, StoredBody>();
  for (const [encoding, file] of stored) if (file !== undefined) variants.set(encoding, await readBody(file));
  return { etag: entry.etag, variants, ...(entry.restriction ? { restriction: entry.restriction } : {}) };
}

async function listBodies(directory: string): Promise<Set<string>> {
  const names = await readdir(join(directory, DIST_LAYOUT.bodiesDir));
  return new Set(names.map((name) => `${DIST_LAYOUT.bodiesDir}/${name}`));
}

async function loadEntries(index: SnapshotIndex, directory: string, memoryLimit: number, budget: number): Promise<Map<string, LoadedEntry>> {
  const readBody = createBodyReader(directory, memoryLimit, budget, await listBodies(directory));
  const indexEntries = Object.entries(index.entries);
  const entries = new Map<string, LoadedEntry>();
  for (let start = 0; start < indexEntries.length; start += PARALLEL_READS) {
    const batch = indexEntries.slice(start, start + PARALLEL_READS);
    const loaded = await Promise.all(batch.map(([, entry]) => loadEntry(entry, readBody)));
    batch.forEach(([key], position) => entries.set(key, loaded[position]!));
  }
  return entries;
}

export async function buildTrust(access: AccessSettings, lookup: HostLookup): Promise<{ trust: TrustPolicy; warnings: string[] }> {
  const ips = buildAddressMatcher(access.trustedIps, 'trusted IP');
  const hosts = await resolveHosts(access.trustedHosts, lookup);
  const hostCount = access.trustedHosts.filter((host) => host.trim() !== '').length;
  return {
    trust: { open: ips.size === 0 && hostCount === 0, ips, hostAddresses: buildAddressMatcher(hosts.addresses, 'resolved host address') },
    warnings: hosts.failures.map((failure) => `trusted host did not resolve: ${failure}`),
  };
}

/** Loads `<dist>/current`; throws with a reason when anything is missing or malformed. */
export async function loadSnapshot(distDirectory: string, options: LoadOptions): Promise<ServingState> {
  const directory = await realpath(join(distDirectory, DIST_LAYOUT.currentLink));
  const index = parseSnapshotIndex(await readJson(join(directory, DIST_LAYOUT.indexFile)));
  const accounts = parseAccounts(await readJson(join(directory, DIST_LAYOUT.accountsFile)));
  const entries = await loadEntries(index, directory, options.memoryBodyLimit ?? MEMORY_BODY_LIMIT, options.memoryBudget ?? MEMORY_BUDGET);
  const { trust, warnings } = await buildTrust(index.access, options.lookup);
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
  };
  return {
    snapshot,
    trust,
    proxy: { enabled: index.access.proxy, proxies: buildAddressMatcher(index.access.trustedProxies, 'trusted proxy') },
    dummyHash: await createDummyHash(snapshot.accounts.values()),
    credentials: createCredentialCache(),
    warnings,
  };
}
