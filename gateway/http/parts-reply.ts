// `llms-full.txt` from the parts its manifest names (docs/ai.md): 200 or 304 under the manifest's ETag, identity or
// gzip, and the body streamed part by part. The gzip answer is one member compressed as it streams: curl and every
// libcurl client stop with an error after the first member of a multi-member stream.
// docs/decisions.md: llms-full.txt is gzipped as one member while it streams
import { Readable, pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import { readStoredBody, readsWhole, streamStoredBody } from '../snapshot/body-store.ts';
import { encodingFor, matchesIfNoneMatch } from '../reply/negotiate.ts';
import { COMMON_HEADERS } from '../reply/reply.ts';
import type { PartList, Reply } from '../reply/reply.ts';
import type { ReplyPolicy } from '../snapshot/model.ts';

export function partsReply(
  manifestEtag: string,
  parts: PartList,
  policy: ReplyPolicy,
  request: { ifNoneMatch?: string | undefined; acceptEncoding?: string | undefined },
): Reply {
  const common = ['ETag', manifestEtag, 'Cache-Control', policy.cacheControl, ...Object.entries(COMMON_HEADERS).flat()];
  if (matchesIfNoneMatch(request.ifNoneMatch, manifestEtag))
    return { status: 304, headers: common, body: { kind: 'empty' } };
  // As every answer negotiates, with brotli not on offer.
  const gzip = encodingFor(request.acceptEncoding, true, false) === 'gzip';
  const type = ['Content-Type', policy.contentType ?? 'text/plain; charset=utf-8'];
  // A gzip answer's length is known only once it is compressed, as it streams: it is sent chunked.
  const length = gzip ? ['Content-Encoding', 'gzip'] : ['Content-Length', String(parts.size)];
  return { status: 200, headers: [...type, ...length, ...common], body: { kind: 'parts', parts, gzip } };
}

/** Each part's bytes in turn: read whole when small (and kept if the memory budget allows), else streamed. */
async function* partChunks(parts: PartList): AsyncGenerator<Buffer> {
  for (const key of parts.keys) {
    const part = parts.entries.get(key);
    // The manifest's parts were all there when the answer began; a snapshot is never changed in place.
    if (part === undefined) throw new Error(`llms-full.txt: no entry ${key}`);
    if (readsWhole(part.identity)) yield await readStoredBody(part.identity);
    else for await (const chunk of streamStoredBody(part.identity)) yield chunk as Buffer;
  }
}

/** The body as a stream; `sent` counts its bytes for the request log. */
export function partsStream(parts: PartList, gzip: boolean, sent: { bytes: number }): Readable {
  const identity = Readable.from(partChunks(parts), { objectMode: false });
  const encoded: Readable = gzip ? pipeline(identity, createGzip(), () => undefined) : identity;
  const counted = async function* () {
    for await (const chunk of encoded) {
      sent.bytes += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
  };
  return Readable.from(counted(), { objectMode: false });
}
