// Test helper: sends bytes over a raw TCP socket and parses the HTTP/1.x responses that come back, strictly.
import { connect } from 'node:net';

export interface ParsedResponse {
  version: string;
  status: number;
  /** Header names lower-cased; repeated headers joined with `, `. */
  headers: Record<string, string>;
  head: string;
  body: Buffer;
}

export interface Exchange {
  responses: ParsedResponse[];
  /** 1xx responses, such as 100 Continue. */
  interim: ParsedResponse[];
  /** Every byte the server sent. */
  raw: Buffer;
  /** A description of what was not well-formed HTTP, if anything. */
  malformed?: string;
  timedOut: boolean;
  /** The server closed the connection. */
  closed: boolean;
}

export interface ExchangeOptions {
  /** Stop once this many responses have been parsed; default 1. */
  responses?: number;
  timeoutMs?: number;
  /** Responses to HEAD requests have no body, whatever Content-Length says. */
  headOnly?: boolean;
}

const STATUS_LINE = /^HTTP\/(1\.[01]) (\d{3}) [^\r\n]*$/;
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;

type Step = { response: ParsedResponse; rest: Buffer } | { incomplete: true } | { malformed: string };

function parseOne(buffer: Buffer, headOnly: boolean): Step {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return { incomplete: true };
  const head = buffer.subarray(0, end).toString('latin1');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const status = STATUS_LINE.exec(statusLine);
  if (!status) return { malformed: `bad status line ${JSON.stringify(statusLine)}` };
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const header = HEADER_LINE.exec(line);
    if (!header) return { malformed: `bad header line ${JSON.stringify(line)}` };
    const name = (header[1] ?? '').toLowerCase();
    headers[name] = headers[name] === undefined ? (header[2] ?? '') : `${headers[name]}, ${header[2] ?? ''}`;
  }
  const statusCode = Number(status[2]);
  if (headers['transfer-encoding'] !== undefined) return { malformed: 'unexpected Transfer-Encoding' };
  const hasBody = !headOnly && statusCode !== 304 && statusCode !== 204 && statusCode >= 200;
  const declared = headers['content-length'];
  if (hasBody && (declared === undefined || !/^\d+$/.test(declared)))
    return { malformed: `no valid Content-Length (${declared})` };
  const length = hasBody ? Number(declared) : 0;
  const bodyStart = end + 4;
  if (buffer.length < bodyStart + length) return { incomplete: true };
  const response = {
    version: status[1] ?? '',
    status: statusCode,
    headers,
    head,
    body: buffer.subarray(bodyStart, bodyStart + length),
  };
  return { response, rest: buffer.subarray(bodyStart + length) };
}

/** Sends each chunk in order (a small pause between chunks) and collects the responses. */
export function exchange(
  port: number,
  request: string | Buffer | Array<string | Buffer>,
  options: ExchangeOptions = {},
): Promise<Exchange> {
  const wanted = options.responses ?? 1;
  const chunks = Array.isArray(request) ? request : [request];
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const received: Buffer[] = [];
    const responses: ParsedResponse[] = [];
    let pending: Buffer = Buffer.alloc(0);
    const interim: ParsedResponse[] = [];
    let malformed: string | undefined;
    let finished = false;
    let closed = false;
    const finish = (timedOut: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      if (!malformed && pending.length > 0 && responses.length < wanted)
        malformed = `incomplete response: ${JSON.stringify(pending.toString('latin1').slice(0, 200))}`;
      resolve({
        responses,
        interim,
        raw: Buffer.concat(received),
        timedOut,
        closed,
        ...(malformed ? { malformed } : {}),
      });
    };
    const timer = setTimeout(() => finish(true), options.timeoutMs ?? 5000);
    socket.on('data', (data: Buffer) => {
      received.push(data);
      pending = Buffer.concat([pending, data]);
      while (!malformed && responses.length < wanted) {
        const step = parseOne(pending, options.headOnly ?? false);
        if ('incomplete' in step) break;
        if ('malformed' in step) malformed = step.malformed;
        else {
          // 1xx answers (100 Continue) come before the real response.
          (step.response.status < 200 ? interim : responses).push(step.response);
          pending = step.rest;
        }
      }
      if (malformed || responses.length >= wanted) finish(false);
    });
    socket.on('error', () => {
      closed = true;
      finish(false);
    });
    socket.on('close', () => {
      closed = true;
      finish(false);
    });
    socket.on('connect', async () => {
      for (const [position, chunk] of chunks.entries()) {
        if (finished) return;
        if (position > 0) await new Promise((wait) => setTimeout(wait, 20));
        socket.write(chunk);
      }
    });
  });
}
