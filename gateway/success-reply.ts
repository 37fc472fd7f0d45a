// 200 and 304 replies: ETag, cache policy, If-None-Match and the precompressed variant to send.
import { contentHash, etagOf } from './etag.ts';
import type { Route } from './routes.ts';
import type { LoadedEntry } from './snapshot-loader.ts';
import { chooseEncoding, matchesIfNoneMatch } from './negotiate.ts';
import type { Encoding } from './negotiate.ts';
import { COMMON_HEADERS, JSON_CONTENT_TYPE } from './reply.ts';
import type { Reply } from './reply.ts';

/** What a reply needs of its route: the cache policy. */
export type CachePolicy = Pick<Route, 'cacheControl'>;

function notModified(etag: string, route: CachePolicy): Reply {
  return { status: 304, headers: { ETag: etag, 'Cache-Control': route.cacheControl, ...COMMON_HEADERS }, body: { kind: 'empty' } };
}

function okHeaders(etag: string, route: CachePolicy, size: number): Record<string, string> {
  return {
    'Content-Type': JSON_CONTENT_TYPE,
    'Content-Length': String(size),
    ETag: etag,
    'Cache-Control': route.cacheControl,
    ...COMMON_HEADERS,
  };
}

export function entryReply(
  entry: LoadedEntry,
  route: CachePolicy,
  request: { ifNoneMatch?: string; acceptEncoding?: string },
): Reply {
  if (matchesIfNoneMatch(request.ifNoneMatch, entry.etag)) return notModified(entry.etag, route);
  const encoding = chooseEncoding(request.acceptEncoding, new Set<Encoding>(entry.variants.keys()));
  const variant = entry.variants.get(encoding) ?? entry.variants.get('identity');
  if (variant === undefined) throw new Error(`entry ${entry.etag} has no identity body`);
  const headers = okHeaders(entry.etag, route, variant.size);
  if (encoding !== 'identity' && entry.variants.has(encoding)) headers['Content-Encoding'] = encoding;
  const body: Reply['body'] =
    variant.bytes === undefined ? { kind: 'file', path: variant.path, size: variant.size } : { kind: 'bytes', bytes: variant.bytes };
  return { status: 200, headers, body };
}

export function composedReply(json: string, route: Route, ifNoneMatch: string | undefined): Reply {
  const bytes = Buffer.from(json, 'utf8');
  // Same hash as the generator's tags, so a composed body equal to a stored one has the same ETag.
  const etag = etagOf(contentHash(bytes));
  if (matchesIfNoneMatch(ifNoneMatch, etag)) return notModified(etag, route);
  return { status: 200, headers: okHeaders(etag, route, bytes.length), body: { kind: 'bytes', bytes } };
}
