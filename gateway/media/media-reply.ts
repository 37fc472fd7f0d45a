// The reply for a media file: content type by name, strong ETag and 304, one byte range (206, 416), nosniff,
// downloads as attachments and a CSP that forbids scripts in SVG and other active documents.
import type { LoadedEntry } from '../snapshot/model.ts';
import { matchesIfNoneMatch } from '../reply/negotiate.ts';
import { errorReply } from '../reply/reply.ts';
import type { Reply } from '../reply/reply.ts';
import { parseRange } from './byte-range.ts';
import { mediaTypeOf } from '../../contract/media-types.ts';
import type { MediaRoute } from './media-path.ts';

/** Public media: any cache may keep it, and asks again each time (media URLs name a file, not its content). */
export const PUBLIC_MEDIA_CACHE = 'public, no-cache';
/** A restricted file: answered per caller, never stored (docs/decisions.md: Restricted files answer like an API). */
export const RESTRICTED_MEDIA_CACHE = 'private, no-store';
const SCRIPTS_FORBIDDEN = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

export interface MediaRequest {
  ifNoneMatch?: string | undefined;
  range?: string | undefined;
  ifRange?: string | undefined;
}

const PLAIN_FILENAME = /^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/;

/** RFC 6266: a quoted ASCII name, plus `filename*` in UTF-8 for any other name. */
export function attachmentHeader(name: string): string {
  if (PLAIN_FILENAME.test(name)) return `attachment; filename="${name}"`;
  const fallback = name.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function commonHeaders(entry: LoadedEntry, route: MediaRoute, cacheControl: string): Record<string, string> {
  const { type, active } = mediaTypeOf(route.name);
  return {
    'Content-Type': type,
    ETag: entry.etag,
    'Cache-Control': cacheControl,
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
    ...(route.attachment ? { 'Content-Disposition': attachmentHeader(route.name) } : {}),
    ...(active ? { 'Content-Security-Policy': SCRIPTS_FORBIDDEN } : {}),
    ...(cacheControl === RESTRICTED_MEDIA_CACHE ? { Vary: 'Authorization' } : {}),
  };
}

export function mediaReply(entry: LoadedEntry, route: MediaRoute, request: MediaRequest, cacheControl: string): Reply {
  const headers = commonHeaders(entry, route, cacheControl);
  if (request.ifNoneMatch !== undefined && matchesIfNoneMatch(request.ifNoneMatch, entry.etag)) {
    const { 'Content-Type': _type, 'Content-Disposition': _disposition, ...notModified } = headers;
    return { status: 304, headers: notModified, body: { kind: 'empty' } };
  }
  const { size } = entry.identity;
  // If-Range with another validator (or a date): the file may have changed, so the whole file is sent.
  const range =
    request.ifRange !== undefined && request.ifRange !== entry.etag
      ? { kind: 'whole' as const }
      : parseRange(request.range, size);
  if (range.kind === 'unsatisfiable')
    return errorReply(416, 'Range not satisfiable.', { 'Content-Range': `bytes */${size}`, 'Accept-Ranges': 'bytes' });
  if (range.kind === 'part') {
    return {
      status: 206,
      headers: {
        ...headers,
        'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
        'Content-Length': String(range.end - range.start + 1),
      },
      body: { kind: 'file', stored: entry.identity, start: range.start, end: range.end },
    };
  }
  return {
    status: 200,
    headers: { ...headers, 'Content-Length': String(size) },
    body: { kind: 'file', stored: entry.identity, start: 0, end: size - 1 },
  };
}
