// Which precompressed siblings a body gets, decided from measurements (test/bench/compression-policy.ts,
// docs/performance.md).

export type StoredEncoding = 'gzip' | 'br';

/** Below this size compression does not pay: headers and CPU outweigh the saved bytes. */
const COMPRESS_MIN_BYTES = 1024;
/** From this size brotli-5 is worth its CPU for every body: 7–8 % of the size against gzip-4's 10 %. */
const BROTLI_ANY_BODY_BYTES = 64 * 1024;

export interface BodyUse {
  /** Byte length of the identity body. */
  size: number;
  /** A page's content body: one per page and per state, the bulk of a snapshot's bytes. */
  pageContent: boolean;
}

/** Page content bodies (8–64 KiB) make 80 % of a snapshot's compressed bytes: there brotli-5 saves 1.5 % of the
 *  body over gzip-4 (18.5 % against 20 %) for 2.2× gzip's CPU, so they get gzip only. Bodies every client fetches
 *  (navigation, settings, the OpenAPI document) and large ones keep brotli. */
export function storedEncodings(use: BodyUse): readonly StoredEncoding[] {
  if (use.size < COMPRESS_MIN_BYTES) return [];
  if (use.pageContent && use.size < BROTLI_ANY_BODY_BYTES) return ['gzip'];
  return ['gzip', 'br'];
}
