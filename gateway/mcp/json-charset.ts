// Makes the MCP transport's JSON answers carry the same Content-Type as every other gateway answer (with
// charset=utf-8).
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { JSON_CONTENT_TYPE } from '../reply/reply.ts';

function withCharset(headers: OutgoingHttpHeaders): void {
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() === 'content-type' && headers[name] === 'application/json')
      headers[name] = JSON_CONTENT_TYPE;
  }
}

/** The SDK writes `application/json` through writeHead with a header record; this adds the charset on the way. */
export function sendJsonWithCharset(response: ServerResponse): void {
  const original = response.writeHead;
  const patched = function (this: ServerResponse, ...args: unknown[]) {
    for (const argument of args) {
      if (typeof argument === 'object' && argument !== null && !Array.isArray(argument))
        withCharset(argument as OutgoingHttpHeaders);
    }
    return (original as (...values: unknown[]) => ServerResponse).apply(this, args);
  };
  response.writeHead = patched as typeof response.writeHead;
}
