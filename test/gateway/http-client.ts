// Test helper: a plain node:http client that sends paths as written and returns raw (undecoded) bodies.
import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Connect to this local address instead of the URL's host (for IPv6 and IPv4-mapped tests). */
  host?: string;
}

export function send(baseUrl: string, path: string, options: RequestOptions = {}): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: options.host ?? url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text: body.toString('utf8') });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}
