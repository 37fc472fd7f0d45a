// Test helper: a ServingState built in memory (bodies held as bytes, accounts with fake hashes), so the authenticator
// and the decision order can be tested without disk, sockets or bcrypt.
import type { AccessSettings, Account, Restriction } from '../../contract/snapshot.ts';
import type { LoadedEntry } from '../../gateway/snapshot/model.ts';
import type { ServingState } from '../../gateway/snapshot/serving-state.ts';
import type { VerifyPassword } from '../../gateway/auth/authenticate.ts';
import { buildAddressMatcher } from '../../gateway/auth/ip-trust.ts';
import { createCredentialCache } from '../../gateway/auth/credential-cache.ts';
import { contentHash, etagOf } from '../../contract/etag.ts';

export const DUMMY_HASH = 'dummy-hash';

/** The fake hash of a password: what `fakeVerify` accepts for it. */
export const fakeHash = (password: string) => `hash:${password}`;

/** A verify function that records every (password, hash) it was asked about. */
export function countingVerify(): VerifyPassword & { calls: Array<[string, string]> } {
  const calls: Array<[string, string]> = [];
  const verify: VerifyPassword = async (password, hash) => {
    calls.push([password, hash]);
    return hash === fakeHash(password);
  };
  return Object.assign(verify, { calls });
}

export interface MemoryBody {
  json: string;
  restriction?: Restriction;
}

export function memoryState(options: {
  accounts: Account[];
  bodies: Record<string, MemoryBody>;
  access?: Partial<AccessSettings>;
  basePath?: string;
}): ServingState {
  const access: AccessSettings = {
    trustedIps: [],
    trustedHosts: [],
    proxy: false,
    trustedProxies: [],
    ...options.access,
  };
  const memory = { limit: Number.MAX_SAFE_INTEGER, left: Number.MAX_SAFE_INTEGER };
  const ledger = { kept: 0, dropped: false };
  const entries = new Map<string, LoadedEntry>(
    Object.entries(options.bodies).map(([key, body], position) => {
      const bytes = Buffer.from(body.json, 'utf8');
      const file = `bodies/${position}.json`;
      const identity = { file, path: `/nonexistent/${file}`, size: bytes.length, bytes, memory, ledger };
      return [
        key,
        {
          etag: etagOf(contentHash(body.json)),
          identity,
          gzip: undefined,
          br: undefined,
          restriction: body.restriction,
          prepared: undefined,
        },
      ];
    }),
  );
  const ips = buildAddressMatcher(access.trustedIps, 'trusted IP');
  return {
    snapshot: {
      id: 'memory',
      builtAt: '2026-01-01T00:00:00.000Z',
      basePath: options.basePath ?? '',
      directory: '/nonexistent',
      counts: { pages: 0, folders: 0, drafts: 0, users: options.accounts.length, responses: entries.size, bytes: 0 },
      access,
      entries,
      restrictedSlugs: new Map(),
      userRecords: new Map(),
      accounts: new Map(options.accounts.map((account) => [account.username, account])),
    },
    trust: { open: ips.size === 0, ips, hostAddresses: buildAddressMatcher([], 'resolved host address') },
    proxy: { enabled: access.proxy, proxies: buildAddressMatcher(access.trustedProxies, 'trusted proxy') },
    dummyHash: async () => DUMMY_HASH,
    credentials: createCredentialCache(),
    warnings: [],
  };
}
