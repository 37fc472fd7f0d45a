// `llms-full.txt` from the parts its manifest names (docs/ai.md): 200 or 304 under the manifest's ETag, identity or
// gzip (concatenated gzip members are one gzip stream; brotli has no such form), and the body streamed part by part.
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { LoadedEntry } from '../snapshot/snapshot-loader.ts';
import { readStoredBody, readsWhole, streamStoredBody } from '../snapshot/body-store.ts';
import { matchesIfNoneMatch } from './negotiate.ts';
import { COMMON_HEADERS } from './reply.ts';
import type { Reply } from './reply.ts';
import type { ReplyPolicy } from './success-reply.ts';

/** Whether the caller takes gzip: `gzip` listed without `q=0`. */
function acceptsGzip(acceptEncoding: string | undefined): boolean {
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    if (name?.trim() !== 'gzip' && name?.trim() !== '*') continue;
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

export function partsReply(
  manifestEtag: string,
  parts: readonly LoadedEntry[],
  policy: ReplyPolicy,
  request: { ifNoneMatch?: string | undefined; acceptEncoding?: string | undefined },
): Reply {
  const common = ['ETag', manifestEtag, 'Cache-Control', policy.cacheControl, ...Object.entries(COMMON_HEADERS).flat()];
  if (matchesIfNoneMatch(request.ifNoneMatch, manifestEtag))
    return { status: 304, headers: common, body: { kind: 'empty' } };
  const gzip = acceptsGzip(request.acceptEncoding);
  const type = ['Content-Type', policy.contentType ?? 'text/plain; charset=utf-8'];
  // A gzip answer's length is known only once its members made on the fly are made: it is sent chunked.
  const length = gzip ? ['Content-Encoding', 'gzip'] : ['Content-Length', String(identityLength(parts))];
  return { status: 200, headers: [...type, ...length, ...common], body: { kind: 'parts', parts, gzip } };
}

function identityLength(parts: readonly LoadedEntry[]): number {
  let total = 0;
  for (const part of parts) total += part.identity.size;
  return total;
}

/** Each part's bytes in turn: read whole when small (and kept if the memory budget allows), else streamed. */
async function* partChunks(parts: readonly LoadedEntry[], gzip: boolean): AsyncGenerator<Buffer> {
  for (const part of parts) {
    // Parts below the size compression pays for have no gzip copy: their member is made here.
    if (gzip && part.gzip === undefined) {
      yield gzipSync(await readStoredBody(part.identity));
      continue;
    }
    const stored = gzip ? (part.gzip ?? part.identity) : part.identity;
    if (readsWhole(stored)) yield await readStoredBody(stored);
    else for await (const chunk of streamStoredBody(stored)) yield chunk as Buffer;
  }
}

/** The body as a stream; `sent` counts its bytes for the request log. */
export function partsStream(parts: readonly LoadedEntry[], gzip: boolean, sent: { bytes: number }): Readable {
  const counted = async function* () {
    for await (const chunk of partChunks(parts, gzip)) {
      sent.bytes += chunk.length;
      yield chunk;
    }
  };
  return Readable.from(counted(), { objectMode: false });
}
