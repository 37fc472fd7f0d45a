// Remembers verified credentials so bcrypt runs once per credential, keyed by a keyed hash of the header.
import { hash, randomBytes } from 'node:crypto';

export interface AuthenticatedUser {
  /** `` for an API token: a caller without a user name. */
  username: string;
  role: string;
  /** The API token's name, which the request log shows as the user. */
  tokenName?: string;
}

/** The request log's `user`: the user name, or the token's name. */
export function logNameOf(user: AuthenticatedUser): string {
  return user.tokenName ?? user.username;
}

export interface CredentialCache {
  get(authorizationHeader: string): AuthenticatedUser | undefined;
  remember(authorizationHeader: string, user: AuthenticatedUser): void;
  /** The check already running for this header, if any. */
  inFlight(authorizationHeader: string): Promise<AuthenticatedUser | undefined> | undefined;
  trackInFlight(authorizationHeader: string, check: Promise<AuthenticatedUser | undefined>): void;
}

/** A fresh cache per loaded snapshot, so a changed password or role takes effect on reload. */
export function createCredentialCache(maxEntries = 10_000): CredentialCache {
  // A random per-process key: a memory dump does not give hashes that can be brute-forced offline without it.
  const secretPrefix = randomBytes(32).toString('base64');
  const users = new Map<string, AuthenticatedUser>();
  const checks = new Map<string, Promise<AuthenticatedUser | undefined>>();
  // SHA-256 of secret ‖ header in one call: 1.6–2 µs against createHmac's 6–9 µs per request (measured, Node 20);
  // the digest as a 32-character binary (latin1) string is cheaper to make than base64. Length extension does not
  // matter: the digests are map keys that never leave the process.
  const keyOf = (header: string) => hash('sha256', secretPrefix + header, 'binary');
  return {
    get: (header) => users.get(keyOf(header)),
    remember(header, user) {
      if (users.size >= maxEntries) users.clear();
      users.set(keyOf(header), user);
    },
    inFlight: (header) => checks.get(keyOf(header)),
    trackInFlight(header, check) {
      const key = keyOf(header);
      checks.set(key, check);
      const forget = () => checks.delete(key);
      check.then(forget, forget);
    },
  };
}
