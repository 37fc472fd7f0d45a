// The serving machine's own revocation list (`serve --revoked-tokens FILE`): one token name or SHA-256 per line, read
// at start and on SIGHUP, so a leaked token is refused at once without waiting for a build.
import { readFile } from 'node:fs/promises';
import type { RevokedTokens } from './token-table.ts';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Blank lines and `#` comments are skipped; a 64-digit hex line is a hash, any other line a token name. */
export function parseRevokedTokens(text: string): RevokedTokens {
  const names = new Set<string>();
  const hashes = new Set<string>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (SHA256_HEX.test(line.toLowerCase())) hashes.add(line.toLowerCase());
    else names.add(line);
  }
  return { names, hashes };
}

export async function readRevokedTokens(path: string): Promise<RevokedTokens> {
  return parseRevokedTokens(await readFile(path, 'utf8'));
}
