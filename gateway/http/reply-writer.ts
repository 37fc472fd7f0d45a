// Writes a Reply to its response: status and headers, then the body from memory, from disk or streamed; nothing for
// HEAD. Also the JSON error written straight to a socket node never hands to a request handler.
import { STATUS_CODES } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { pipeline } from 'node:stream/promises';
import type { Eventually } from '../api/decide.ts';
import { readStoredBody, readsWhole, streamStoredBody } from '../snapshot/body-store.ts';
import type { Reply } from './reply.ts';

/** Returns the number of body bytes sent: at once for bodies in memory, later for bodies read from disk. */
export function writeReply(response: ServerResponse, reply: Reply, headOnly: boolean): Eventually<number> {
  response.writeHead(reply.status, reply.headers);
  const { body } = reply;
  if (headOnly || body.kind === 'empty' || body.kind === 'mcp') {
    response.end();
    return 0;
  }
  if (body.kind === 'bytes') {
    response.end(body.bytes);
    return body.bytes.length;
  }
  if (body.kind === 'file') {
    const length = body.end - body.start + 1;
    if (length <= 0) return (response.end(), 0);
    return pipeline(streamStoredBody(body.stored, { start: body.start, end: body.end }), response).then(() => length);
  }
  const { stored } = body;
  if (stored.bytes !== undefined) {
    response.end(stored.bytes);
    return stored.size;
  }
  if (readsWhole(stored)) return readStoredBody(stored).then((bytes) => (response.end(bytes), stored.size));
  return pipeline(streamStoredBody(stored), response).then(() => stored.size);
}

/** A JSON error written straight to the socket, for requests node does not hand to the request handler. */
export function endSocketWithError(socket: Socket, status: number, message: string, extraHeaders = ''): void {
  if (!socket.writable) return void socket.destroy();
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Content-Type-Options: nosniff\r\n${extraHeaders}Connection: close\r\n\r\n${body}`,
  );
}
