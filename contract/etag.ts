// Content hashes: the body file name and the strong ETag both derive from one SHA-256 of the identity body.
import { createHash } from 'node:crypto';

export function contentHash(body: string | Uint8Array): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 32);
}

export function etagOf(hash: string): string {
  return `"${hash}"`;
}
