// The one authenticator: address, Authorization header and time in; allow or deny with the reason out (the throttle
// and credential steps of the decision order). bcrypt sits behind an injected function; the limiter and the credential
// cache are passed in.
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Account } from '../../contract/snapshot.ts';
import { parseBasicCredentials } from './basic-auth.ts';
import type { Credentials } from './basic-auth.ts';
import type { LoginLimiter } from './login-limiter.ts';
import type { AuthenticatedUser, CredentialCache } from './credential-cache.ts';
import { NO_TOKENS, checkToken, isBearer } from './token-table.ts';
import type { RevokedTokens, TokenTable } from './token-table.ts';

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

/** Start-up does not wait for the dummy hash: it is made shortly after load, or on the first check that needs it. */
const DUMMY_HASH_DELAY_MS = 200;

export function lazyDummyHash(accounts: Iterable<Account>): () => Promise<string> {
  const known = [...accounts];
  let made: Promise<string> | undefined;
  const dummyHash = () => (made ??= createDummyHash(known));
  setTimeout(dummyHash, DUMMY_HASH_DELAY_MS).unref();
  return dummyHash;
}

export interface AuthenticationTables {
  accounts: ReadonlyMap<string, Account>;
  dummyHash: () => Promise<string>;
  cache: CredentialCache;
  verify: VerifyPassword;
  /** The snapshot's API tokens and the serving machine's revocations; absent: every Bearer header is refused. */
  tokens?: TokenTable;
  revoked?: RevokedTokens;
}

/** The user, or undefined for an unknown user, a wrong password, no hash, or apiaccess not true. */
async function checkPassword(
  authorizationHeader: string,
  credentials: Credentials,
  tables: AuthenticationTables,
): Promise<AuthenticatedUser | undefined> {
  const account = tables.accounts.get(credentials.username);
  const hasHash = account !== undefined && account.hash !== '';
  // Unknown users are checked against the dummy hash, so they take as long as wrong passwords
  // (docs/decisions.md: Unknown users look like wrong passwords).
  const passwordMatches = await tables.verify(credentials.password, hasHash ? account.hash : await tables.dummyHash());
  if (!hasHash || !passwordMatches || account.apiaccess !== true) return undefined;
  const user = { username: account.username, role: account.role };
  tables.cache.remember(authorizationHeader, user);
  return user;
}

/** Joins a check already running for the same header, so concurrent identical requests cost one bcrypt run and
 *  count once against the limiter. `begin` runs in the caller's tick, before anything is awaited. The caller has
 *  already looked in the credential cache. */
function checkOnce(
  authorizationHeader: string,
  credentials: Credentials,
  tables: AuthenticationTables,
  limiter: LoginLimiter,
  attempt: LoginAttempt,
): Promise<AuthenticatedUser | undefined> {
  const running = tables.cache.inFlight(authorizationHeader);
  if (running !== undefined) return running;
  const { address, now } = attempt;
  limiter.begin(address);
  // The failure is recorded before the check stops counting as one, so no request sees the address unblocked between.
  const check = checkPassword(authorizationHeader, credentials, tables)
    .then((user) => {
      if (user === undefined) limiter.recordFailure(address, now);
      return user;
    })
    .finally(() => limiter.settle(address));
  tables.cache.trackInFlight(authorizationHeader, check);
  return check;
}

export interface LoginAttempt {
  /** The caller's address as the trust check saw it. */
  address: string;
  authorization: string | undefined;
  now: number;
}

/** What the credentials alone decide, once the address is not locked out. */
export type CredentialOutcome =
  | { allowed: true; user: AuthenticatedUser; via: 'cache' | 'password' | 'token' }
  | { allowed: false; reason: 'no-credentials' }
  /** Unknown user, wrong password, no hash or no API access: one reason, so a caller cannot tell them apart. */
  | { allowed: false; reason: 'failed' }
  /** A Bearer header: malformed, unknown, expired or revoked token, one reason for all (RFC 6750 invalid_token). */
  | { allowed: false; reason: 'invalid-token' };

export type AuthenticationOutcome =
  | CredentialOutcome
  | { allowed: false; reason: 'locked-out'; retryAfterSeconds: number };

/** A token costs one SHA-256, no bcrypt and no cache; a refused one counts against the address like a wrong password. */
function tokenOutcome(
  attempt: LoginAttempt,
  authorization: string,
  tables: AuthenticationTables & { limiter: LoginLimiter },
): CredentialOutcome {
  const token = checkToken(authorization, tables.tokens ?? NO_TOKENS, tables.revoked, attempt.now);
  if (token === undefined) {
    tables.limiter.recordFailure(attempt.address, attempt.now);
    return { allowed: false, reason: 'invalid-token' };
  }
  return { allowed: true, user: { username: '', role: token.role, tokenName: token.name }, via: 'token' };
}

/** The header's form, then the cache, then bcrypt once per header; a failed check counts against the address. The
 *  caller has asked the limiter first. Answers without awaiting when no bcrypt run is needed. */
export function checkCredentials(
  attempt: LoginAttempt,
  tables: AuthenticationTables & { limiter: LoginLimiter },
): CredentialOutcome | Promise<CredentialOutcome> {
  const { authorization } = attempt;
  if (authorization === undefined) return { allowed: false, reason: 'no-credentials' };
  if (isBearer(authorization)) return tokenOutcome(attempt, authorization, tables);
  const remembered = tables.cache.get(authorization);
  if (remembered !== undefined) return { allowed: true, user: remembered, via: 'cache' };
  const credentials = parseBasicCredentials(authorization);
  if (credentials === undefined) return { allowed: false, reason: 'no-credentials' };
  // Same tick as the caller's limiter check: a concurrent guess from this address already sees this one.
  return checkOnce(authorization, credentials, tables, tables.limiter, attempt).then(
    (user): CredentialOutcome =>
      user !== undefined ? { allowed: true, user, via: 'password' } : { allowed: false, reason: 'failed' },
  );
}

/** Lock-out first (even for a remembered credential), then the credentials (`checkCredentials`). */
export function authenticateRequest(
  attempt: LoginAttempt,
  tables: AuthenticationTables & { limiter: LoginLimiter },
): AuthenticationOutcome | Promise<AuthenticationOutcome> {
  const retryAfterSeconds = tables.limiter.retryAfterSeconds(attempt.address, attempt.now);
  if (retryAfterSeconds > 0) return { allowed: false, reason: 'locked-out', retryAfterSeconds };
  return checkCredentials(attempt, tables);
}
