// The snapshot's API tokens as the gateway checks them: by SHA-256, compared in constant time, refused from the second
// they expire or once the serving machine revokes them
// (docs/decisions.md: API tokens are hashes with a role and an expiry).
import { hash, timingSafeEqual } from 'node:crypto';
import { TOKEN_PATTERN } from '../../contract/api-token.ts';
import type { SnapshotToken } from '../../contract/api-token.ts';

export interface AcceptedToken {
  name: string;
  role: string;
  digest: Buffer;
  expiresMs: number;
}

/** SHA-256 (hex) → the token it belongs to. */
export type TokenTable = ReadonlyMap<string, AcceptedToken>;

/** Names and SHA-256 hashes the serving machine refuses at once (`serve --revoked-tokens FILE`, reloaded on SIGHUP). */
export interface RevokedTokens {
  names: ReadonlySet<string>;
  hashes: ReadonlySet<string>;
}

const BEARER = /^bearer(?:\s|$)/i;

export const NO_TOKENS: TokenTable = new Map();

export function buildTokenTable(tokens: readonly SnapshotToken[]): TokenTable {
  return new Map(
    tokens.map(({ name, role, sha256, expires }) => [
      sha256,
      { name, role, digest: Buffer.from(sha256, 'hex'), expiresMs: Date.parse(expires) },
    ]),
  );
}

/** `Authorization: Bearer …`, any case of the scheme: such a header is a token, right or wrong, never Basic. */
export function isBearer(authorization: string): boolean {
  return BEARER.test(authorization);
}

/** The token's name and role, or undefined for a malformed, unknown, expired or revoked one. */
export function checkToken(
  authorization: string,
  tokens: TokenTable,
  revoked: RevokedTokens | undefined,
  now: number,
): { name: string; role: string } | undefined {
  const token = authorization.slice(6).trim();
  if (!TOKEN_PATTERN.test(token)) return undefined;
  // One-shot hash: a third of createHash's cost per request (the token path runs on every request that carries one).
  const hex = hash('sha256', token, 'hex');
  const known = tokens.get(hex);
  // The map finds the entry by the hash; the comparison that admits it takes the same time for every digest.
  if (known === undefined || !timingSafeEqual(known.digest, Buffer.from(hex, 'hex'))) return undefined;
  if (now >= known.expiresMs) return undefined;
  if (revoked !== undefined && (revoked.names.has(known.name) || revoked.hashes.has(hex))) return undefined;
  return { name: known.name, role: known.role };
}
