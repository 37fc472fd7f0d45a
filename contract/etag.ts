// Content hashes: the body file name and the strong ETag both derive from one SHA-256 of the identity body.
import { createHash } from 'node:crypto';

/** 24 bytes are 32 base64url characters, without padding. */
const HASH_BYTES = 24;

export function contentHash(body: string | Uint8Array): string {
  return hashOfDigest(createHash('sha256').update(body).digest());
}

/** The first 32 characters of a SHA-256 digest's base64url: its first 24 bytes encoded, so the string is flat, not a
 *  slice keeping the whole 43-character text alive (a 40,000-page build holds some 400,000 hashes). */
export function hashOfDigest(digest: Buffer): string {
  return digest.toString('base64url', 0, HASH_BYTES);
}

export function etagOf(hash: string): string {
  return `"${hash}"`;
}
