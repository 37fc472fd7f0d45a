// Verifies Basic credentials against the snapshot's accounts with bcrypt (reference-semantics 10, D16).
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Account } from './contract.ts';
import type { Credentials } from './basic-auth.ts';
import type { AuthenticatedUser, CredentialCache } from './credential-cache.ts';

export type VerifyPassword = (password: string, hash: string) => Promise<boolean>;

/** bcryptjs reads `$2b$`; PHP writes `$2y$`, the same algorithm under another name. */
export const verifyWithBcrypt: VerifyPassword = async (password, hash) => {
  try {
    return await bcrypt.compare(password, hash.replace(/^\$2y\$/, '$2b$'));
  } catch {
    return false;
  }
};

const DEFAULT_COST = 10;

/** A hash of a random password at the accounts' highest cost, for checking unknown users. */
export async function createDummyHash(accounts: Iterable<Account>): Promise<string> {
  const costs = [...accounts].map((account) => Number(/^\$2[aby]\$(\d\d)\$/.exec(account.hash)?.[1] ?? 0));
  const cost = Math.max(0, ...costs) || DEFAULT_COST;
  return bcrypt.hash(randomUUID(), cost);
}

export interface AuthenticationTables {
  accounts: ReadonlyMap<string, Account>;
  dummyHash: string;
  cache: CredentialCache;
  verify: VerifyPassword;
}

/** The user, or undefined for an unknown user, a wrong password, no hash, or apiaccess not true. */
export async function authenticate(
  authorizationHeader: string,
  credentials: Credentials,
  tables: AuthenticationTables,
): Promise<AuthenticatedUser | undefined> {
  const remembered = tables.cache.get(authorizationHeader);
  if (remembered !== undefined) return remembered;
  const account = tables.accounts.get(credentials.username);
  const hash = account !== undefined && account.hash !== '' ? account.hash : tables.dummyHash;
  // Unknown users are checked against the dummy hash, so they take as long as wrong passwords (D16).
  const passwordMatches = await tables.verify(credentials.password, hash);
  if (account === undefined || hash === tables.dummyHash || !passwordMatches || account.apiaccess !== true) return undefined;
  const user = { username: account.username, role: account.role };
  tables.cache.remember(authorizationHeader, user);
  return user;
}

/** Joins a check already running for the same header, so concurrent identical requests cost one bcrypt run and
 *  count once against the limiter. `begin` runs in the caller's tick, before anything is awaited. */
export function authenticateOnce(
  authorizationHeader: string,
  credentials: Credentials,
  tables: AuthenticationTables,
  limiter: { begin: () => void; settle: () => void },
): Promise<AuthenticatedUser | undefined> {
  const remembered = tables.cache.get(authorizationHeader);
  if (remembered !== undefined) return Promise.resolve(remembered);
  const running = tables.cache.inFlight(authorizationHeader);
  if (running !== undefined) return running;
  limiter.begin();
  const check = authenticate(authorizationHeader, credentials, tables).finally(limiter.settle);
  tables.cache.trackInFlight(authorizationHeader, check);
  return check;
}
