// Whether an object already in the bucket is the one the upload would put: same bytes, same headers. Judged by HEAD.
import type { PutMetadata, StoredHead } from '../../storage/store-objects.ts';

/** The object the upload means to have at a key. */
export interface WantedObject {
  size: number;
  sha256: string;
  md5: string;
  metadata: PutMetadata;
}

/** Stores may respell a header value (`application/json;charset=utf-8`); the meaning is what counts. */
const sameHeader = (stored: string | undefined, wanted: string | undefined) =>
  (stored ?? '').replace(/\s+/g, '').toLowerCase() === (wanted ?? '').replace(/\s+/g, '').toLowerCase();

/**
 * Trusted only with evidence about the bytes. The SHA-256 an upload put beside them decides when present: that PUT
 * carried Content-MD5, so the store held exactly those bytes. Without it (another tool, an older snapi), the ETag must
 * be the MD5 of the wanted bytes; an ETag that is no MD5 (multipart, SSE-KMS) proves nothing and the object is put
 * again.
 */
export function storedObjectMatches(stored: StoredHead, wanted: WantedObject): boolean {
  if (stored.size !== wanted.size) return false;
  const bytesMatch =
    stored.sha256 !== undefined
      ? stored.sha256.toLowerCase() === wanted.sha256
      : stored.etag?.toLowerCase() === wanted.md5;
  return (
    bytesMatch &&
    sameHeader(stored.contentType, wanted.metadata.contentType) &&
    sameHeader(stored.contentEncoding, wanted.metadata.contentEncoding) &&
    sameHeader(stored.cacheControl, wanted.metadata.cacheControl)
  );
}
