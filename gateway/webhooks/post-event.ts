// One delivery attempt: a POST with a deadline, redirects not followed, any answer but 2xx a failure. The reason it
// returns names a status or an error code, never the URL.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export const DELIVERY_TIMEOUT_MS = 10_000;

export type Attempt = { ok: true; status: number } | { ok: false; reason: string };

export function postEvent(
  url: URL,
  headers: Record<string, string>,
  body: string,
  timeoutMs = DELIVERY_TIMEOUT_MS,
  signal?: AbortSignal,
): Promise<Attempt> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (attempt: Attempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(attempt);
    };
    const request = send(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'snapi-webhooks' },
      agent: false,
      ...(signal ? { signal } : {}),
    });
    const timer = setTimeout(() => {
      finish({ ok: false, reason: `no answer within ${timeoutMs} ms` });
      request.destroy();
    }, timeoutMs);
    request.on('response', (response) => {
      response.resume();
      const status = response.statusCode ?? 0;
      finish(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, reason: `HTTP ${status}` });
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ ok: false, reason: error.code ?? error.name ?? 'request failed' }),
    );
    request.end(body);
  });
}
