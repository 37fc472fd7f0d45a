// 200 and 304 replies: ETag, cache policy, If-None-Match and the precompressed variant to send.
import { contentHash, etagOf } from '../../contract/etag.ts';
import type { Encoding, LoadedEntry, PreparedHeaders, ReplyPolicy, StoredBody } from '../snapshot/model.ts';
import { encodingFor, matchesIfNoneMatch } from './negotiate.ts';
import { COMMON_HEADERS, JSON_CONTENT_TYPE } from './reply.ts';
import type { Reply, ReplyBody } from './reply.ts';

const COMMON_HEADER_LIST = Object.entries(COMMON_HEADERS).flat();

function notModifiedHeaders(etag: string, policy: ReplyPolicy): string[] {
  return ['ETag', etag, 'Cache-Control', policy.cacheControl, ...COMMON_HEADER_LIST];
}

function okHeaders(etag: string, policy: ReplyPolicy, size: number, encoding: Encoding): string[] {
  return [
    'Content-Type',
    policy.contentType ?? JSON_CONTENT_TYPE,
    'Content-Length',
    String(size),
    'ETag',
    etag,
    'Cache-Control',
    policy.cacheControl,
    ...COMMON_HEADER_LIST,
    ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
  ];
}

function prepare(entry: LoadedEntry, policy: ReplyPolicy): PreparedHeaders {
  const variant = (encoding: Encoding, body: StoredBody | undefined) =>
    body === undefined ? undefined : okHeaders(entry.etag, policy, body.size, encoding);
  return {
    policy,
    notModified: notModifiedHeaders(entry.etag, policy),
    ok: {
      identity: variant('identity', entry.identity),
      gzip: variant('gzip', entry.gzip),
      br: variant('br', entry.br),
    },
  };
}

/** The entry's header lists for this policy; an entry is served under one policy, so the first is kept. */
function preparedHeaders(entry: LoadedEntry, policy: ReplyPolicy): PreparedHeaders {
  const prepared = entry.prepared;
  if (prepared !== undefined && prepared.policy === policy) return prepared;
  const made = prepare(entry, policy);
  if (prepared === undefined) entry.prepared = made;
  return made;
}

const EMPTY: ReplyBody = { kind: 'empty' };

/** The reply with the request log's user when there is one: built once, with it. */
function made(status: number, headers: string[], body: ReplyBody, user: string | undefined): Reply {
  return user === undefined ? { status, headers, body } : { status, headers, body, user };
}

export function entryReply(
  entry: LoadedEntry,
  policy: ReplyPolicy,
  request: { ifNoneMatch?: string | undefined; acceptEncoding?: string | undefined },
  user?: string,
): Reply {
  const prepared = preparedHeaders(entry, policy);
  if (request.ifNoneMatch !== undefined && matchesIfNoneMatch(request.ifNoneMatch, entry.etag))
    return made(304, prepared.notModified, EMPTY, user);
  const encoding = encodingFor(request.acceptEncoding, entry.gzip !== undefined, entry.br !== undefined);
  const stored = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.identity;
  const headers = prepared.ok[encoding];
  if (stored === undefined || headers === undefined) throw new Error(`entry ${entry.etag} has no ${encoding} body`);
  return made(200, headers, { kind: 'stored', stored }, user);
}

/** A body composed at request time, encoded and tagged once: a remembered one (a search answer) is not hashed again. */
export interface ComposedBody {
  bytes: Buffer;
  etag: string;
}

export function composedBody(json: string): ComposedBody {
  const bytes = Buffer.from(json, 'utf8');
  // Same hash as the generator's tags, so a composed body equal to a stored one has the same ETag.
  return { bytes, etag: etagOf(contentHash(bytes)) };
}

export function composedReply(
  body: ComposedBody,
  route: ReplyPolicy,
  ifNoneMatch: string | undefined,
  user?: string,
): Reply {
  const { bytes, etag } = body;
  if (matchesIfNoneMatch(ifNoneMatch, etag)) return made(304, notModifiedHeaders(etag, route), EMPTY, user);
  return made(200, okHeaders(etag, route, bytes.length, 'identity'), { kind: 'bytes', bytes }, user);
}
