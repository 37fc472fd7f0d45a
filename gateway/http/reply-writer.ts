// Writes a Reply to its response: status and headers, then the body from memory, from disk or streamed; nothing for
// HEAD. Also the JSON errors written straight to the socket for what node refuses before there is a request.
import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { pipeline } from 'node:stream/promises';
import type { Eventually } from '../api/decide.ts';
import { readStoredBody, readsWhole, streamStoredBody } from '../snapshot/body-store.ts';
import { MESSAGES, errorReply } from '../reply/reply.ts';
import { partsStream } from './parts-reply.ts';
import type { Reply } from '../reply/reply.ts';

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, MESSAGES.headersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, MESSAGES.requestTimeout],
};

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
  if (body.kind === 'parts') {
    const sent = { bytes: 0 };
    return pipeline(partsStream(body.parts, body.gzip, sent), response).then(() => sent.bytes);
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

/** A malformed request, headers too large, or too slow to arrive: answered on the socket, then closed. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, MESSAGES.malformedRequest];
  endSocketWithError(socket, status, message);
}

/** Without this listener node drops CONNECT silently. */
export function answerConnect(_request: IncomingMessage, socket: Socket): void {
  endSocketWithError(socket, 405, MESSAGES.methodNotAllowed, 'Allow: GET, HEAD\r\n');
}

/** Without this listener node answers an unknown Expect value with an empty body. */
export function answerExpectation(request: IncomingMessage, response: ServerResponse): void {
  void Promise.resolve()
    .then(() => writeReply(response, errorReply(417, MESSAGES.expectationFailed), request.method === 'HEAD'))
    .catch(() => response.destroy());
}
