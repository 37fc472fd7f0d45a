// Slow clients: 500 header-dribbling sockets and clients that never read are closed by the timeouts while normal
// requests keep working.
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHostileFixture } from './hostile-fixture.ts';
import type { HostileFixture } from './hostile-fixture.ts';
import { exchange } from './raw-http.ts';
import { BIG_CONTENT, USERS, basic } from '../gateway/fixture.ts';

const ADMIN = basic(USERS.administrator);
const SLOW_SOCKETS = 500;
const DRIP_EVERY_MS = 2_000;
/** headersTimeout (10 s) + connectionsCheckingInterval (1 s) + margin. */
const HEADER_DEADLINE_MS = 14_000;
/** The response deadline (30 s) + margin. */
const IDLE_DEADLINE_MS = 33_000;
const NEVER_READING_SOCKETS = 10;
const PIPELINED_BIG_REQUESTS = 200;

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

interface Tracked {
  socket: Socket;
  closedAt?: number;
  bytes: number;
}

function track(port: number, onConnect: (socket: Socket) => void): Tracked {
  const socket = connect({ host: '127.0.0.1', port });
  const tracked: Tracked = { socket, bytes: 0 };
  socket.on('data', (data: Buffer) => (tracked.bytes += data.length));
  socket.on('error', () => {});
  socket.on('close', () => (tracked.closedAt ??= Date.now()));
  socket.on('connect', () => onConnect(socket));
  return tracked;
}

/** Normal requests every 250 ms until stopped; returns their statuses. */
function keepAsking(port: number): { stop(): Promise<number[]> } {
  const statuses: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const result = await exchange(
        port,
        `GET /api/v1/navigation HTTP/1.1\r\nHost: x\r\nAuthorization: ${ADMIN}\r\n\r\n`,
        { timeoutMs: 3000 },
      );
      statuses.push(result.responses[0]?.status ?? 0);
      await wait(250);
    }
  })();
  return { stop: async () => ((running = false), await loop, statuses) };
}

let fixture: HostileFixture;
const slow = suite('slow clients against the real timeouts');
slow.before(async () => {
  fixture = await startHostileFixture('slow-clients');
});
slow.after(async () => {
  await fixture.close();
});

slow(
  '500 sockets sending one header byte every 2 s are closed by the header timeout; normal requests keep working',
  async () => {
    const started = Date.now();
    const request = `GET /api/v1/navigation HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(100)}`;
    const sockets = Array.from({ length: SLOW_SOCKETS }, () =>
      track(fixture.port, (socket) => {
        let position = 0;
        const drip = setInterval(
          () =>
            socket.writable && position < request.length
              ? socket.write(request[position++] ?? '')
              : clearInterval(drip),
          DRIP_EVERY_MS,
        );
        socket.on('close', () => clearInterval(drip));
      }),
    );
    const normal = keepAsking(fixture.port);
    while (Date.now() - started < HEADER_DEADLINE_MS && sockets.some((socket) => socket.closedAt === undefined))
      await wait(250);
    const statuses = await normal.stop();
    const open = sockets.filter((socket) => socket.closedAt === undefined).length;
    for (const { socket } of sockets) socket.destroy();
    assert.is(open, 0, `${open} slow sockets still open after ${HEADER_DEADLINE_MS} ms`);
    assert.ok(statuses.length >= 20, `only ${statuses.length} normal requests`);
    assert.equal([...new Set(statuses)], [200]);
  },
);

slow(
  'clients that pipeline large responses and never read are closed by the response deadline; normal requests keep working',
  async () => {
    const started = Date.now();
    const request =
      `GET /api/v1/article/content?url=/big HTTP/1.1\r\nHost: x\r\nAuthorization: ${ADMIN}\r\n\r\n`.repeat(
        PIPELINED_BIG_REQUESTS,
      );
    const sockets = Array.from({ length: NEVER_READING_SOCKETS }, () =>
      track(fixture.port, (socket) => {
        socket.pause();
        socket.write(request);
      }),
    );
    const normal = keepAsking(fixture.port);
    await wait(IDLE_DEADLINE_MS);
    const statuses = await normal.stop();
    // Reading now drains what the kernel buffered; a socket the server closed then ends.
    for (const { socket } of sockets) socket.resume();
    while (Date.now() - started < IDLE_DEADLINE_MS + 5_000 && sockets.some((socket) => socket.closedAt === undefined))
      await wait(100);
    const fullSize = PIPELINED_BIG_REQUESTS * Buffer.byteLength(BIG_CONTENT);
    const unfinished = sockets.filter((socket) => socket.closedAt === undefined || socket.bytes >= fullSize);
    for (const { socket } of sockets) socket.destroy();
    assert.is(
      unfinished.length,
      0,
      `${unfinished.length} never-reading sockets were served in full or left open: ${JSON.stringify(unfinished.map((s) => [s.bytes, s.closedAt === undefined]))}`,
    );
    assert.equal([...new Set(statuses)], [200]);
  },
);

slow.run();
