// Read-only API tokens as both programs see them: the token's form, its SHA-256, and the entries the build writes into
// the snapshot's private accounts file (docs/decisions.md: API tokens are hashes with a role and an expiry).
import { createHash } from 'node:crypto';

export const TOKEN_PREFIX = 'snapi_';
/** 32 random bytes in base64url: 43 characters, 256 bits. */
export const TOKEN_PATTERN = /^snapi_[A-Za-z0-9_-]{43}$/;
/** The key of the token list inside `accounts.json`: a slash cannot be in a user name, which is a file name. */
export const TOKENS_KEY = '/tokens';

/** One token hash the gateway accepts until `expires`; a rotated token has two entries with the same name. */
export interface SnapshotToken {
  name: string;
  role: string;
  /** SHA-256 of the whole token (`snapi_…`), lowercase hex. */
  sha256: string;
  /** ISO date-time; refused from this instant on. */
  expires: string;
}

export function tokenSha256(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** `accounts.json`'s value: the accounts, and the token list under TOKENS_KEY when there are tokens (without tokens
 *  the file is as before them). */
export function accountsFileOf<A>(accounts: Record<string, A>, tokens: readonly SnapshotToken[] = []): object {
  return tokens.length === 0 ? accounts : { ...accounts, [TOKENS_KEY]: tokens };
}

function field(value: unknown, name: string, where: string): string {
  if (typeof value !== 'string' || value === '') throw new Error(`${where}.${name}: expected a non-empty string`);
  return value;
}

/** The token entries of a parsed `accounts.json`; none when the snapshot has no token list. */
export function parseSnapshotTokens(accountsFile: unknown): SnapshotToken[] {
  if (typeof accountsFile !== 'object' || accountsFile === null) return [];
  const list = (accountsFile as Record<string, unknown>)[TOKENS_KEY];
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new Error(`accounts.json["${TOKENS_KEY}"]: expected an array`);
  return list.map((item: unknown, position) => {
    const where = `accounts.json["${TOKENS_KEY}"][${position}]`;
    if (typeof item !== 'object' || item === null) throw new Error(`${where}: expected an object`);
    const fields = item as Record<string, unknown>;
    const sha256 = field(fields.sha256, 'sha256', where);
    if (!SHA256_HEX.test(sha256)) throw new Error(`${where}.sha256: expected 64 lowercase hex digits`);
    const expires = field(fields.expires, 'expires', where);
    if (Number.isNaN(Date.parse(expires))) throw new Error(`${where}.expires: expected an ISO date-time`);
    return { name: field(fields.name, 'name', where), role: field(fields.role, 'role', where), sha256, expires };
  });
}
