// Test helper: a TCP proxy in front of the S3 server that can cut every connection after some bytes (a store that stops
// mid-download) or hold responses back (a slow store), and later let traffic through again.
import { createServer, connect } from 'node:net';
import type { Socket } from 'node:net';

export interface CutProxy {
  endpoint: string;
  /** After `bytes` more response bytes, close every connection and refuse new ones until `restore`. */
  cutAfter(bytes: number): void;
  /** Stop forwarding responses (connections stay open) until `restore`. */
  stall(): void;
  /** Let `count` PUT requests through, then hold every later request (a publish that hangs mid-upload). */
  holdPutsAfter(count: number): void;
  /** PUT requests that reached the store. */
  putsForwarded(): number;
  /** HEAD requests that reached the store. */
  headsForwarded(): number;
  /** Answer the next `count` PUT requests with 503 SlowDown, as a throttling store does, without forwarding them. */
  throttleNextPuts(count: number): void;
  /** PUT requests answered with 503 so far. */
  throttledPuts(): number;
  restore(): void;
  close(): Promise<void>;
}

const SLOW_DOWN_BODY =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>';
const SLOW_DOWN = `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/xml\r\nContent-Length: ${Buffer.byteLength(SLOW_DOWN_BODY)}\r\nConnection: close\r\n\r\n${SLOW_DOWN_BODY}`;

export async function startCutProxy(targetPort: number): Promise<CutProxy> {
  const sockets = new Set<Socket>();
  let budget = Infinity;
  let refusing = false;
  let stalled = false;
  let putsAllowed = Infinity;
  let puts = 0;
  let heads = 0;
  let throttle = 0;
  let throttled = 0;
  const held: Array<() => void> = [];
  const cutAll = () => {
    refusing = true;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  const server = createServer((client) => {
    if (refusing) return void client.destroy();
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    const forget = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
    let holding = false;
    client.on('data', (chunk: Buffer) => {
      if (!holding && throttle > 0 && chunk.subarray(0, 4).toString('latin1') === 'PUT ') {
        throttle -= 1;
        throttled += 1;
        holding = true;
        client.end(SLOW_DOWN);
        upstream.destroy();
        return;
      }
      if (!holding && chunk.subarray(0, 4).toString('latin1') === 'PUT ') {
        if (puts >= putsAllowed) holding = true;
        else puts += 1;
      }
      if (!holding && chunk.subarray(0, 5).toString('latin1') === 'HEAD ') heads += 1;
      if (!holding) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      const deliver = () => {
        if (refusing) return;
        budget -= chunk.length;
        if (budget < 0) return cutAll();
        client.write(chunk);
      };
      if (stalled) held.push(deliver);
      else deliver();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    cutAfter: (bytes) => (budget = bytes),
    stall: () => (stalled = true),
    holdPutsAfter: (count) => (putsAllowed = count),
    throttleNextPuts: (count) => (throttle = count),
    throttledPuts: () => throttled,
    putsForwarded: () => puts,
    headsForwarded: () => heads,
    restore: () => {
      budget = Infinity;
      putsAllowed = Infinity;
      refusing = false;
      stalled = false;
      for (const deliver of held.splice(0)) deliver();
    },
    close: () => {
      cutAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
