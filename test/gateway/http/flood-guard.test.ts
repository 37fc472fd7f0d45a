// Login floods cost the attacker: parked 429s with Connection: close, a socket allowance per throttled peer, and
// bounded memory under 10,000 source addresses (Linux routes all of 127.0.0.0/8 to loopback).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { connect } from 'node:net';
import { startFixture } from '../start-fixture.ts';
import type { RunningFixture } from '../start-fixture.ts';
import { BODIES, USERS, basic } from '../fixture.ts';
import type { GatewayOptions } from '../../../gateway/http/server.ts';

const RIGHT = basic(USERS.editor);
const WRONG = basic({ username: USERS.editor.username, password: 'wrong' });
const TOO_MANY = '{"message":"Too many failed logins from your address. Retry later."}';
const FAILED = '{"message":"Authentication failed."}';
const NAVIGATION = BODIES['navigation:live']?.json ?? '';

interface Received {
  /** Status, lower-cased headers and body of each response, in order. */
  responses: Array<{ status: number; headers: Record<string, string>; body: string }>;
  /** Bytes the server sent in all. */
  bytes: number;
  closedByServer: boolean;
}

function parseResponses(text: string): Received['responses'] {
  const responses: Received['responses'] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const [statusLine = '', ...headerLines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(
      headerLines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    const length = Number(headers['content-length'] ?? 0);
    responses.push({
      status: Number(statusLine.slice(9, 12)),
      headers,
      body: rest.slice(headEnd + 4, headEnd + 4 + length),
    });
    rest = rest.slice(headEnd + 4 + length);
  }
  return responses;
}

/** Sends `requests` on one connection from `localAddress` and reads until the server closes it (or `timeoutMs`). */
function exchangeFrom(port: number, localAddress: string, requests: string[], timeoutMs = 10_000): Promise<Received> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    const chunks: Buffer[] = [];
    let closedByServer = false;
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => (closedByServer = true));
    socket.on('error', () => (closedByServer = true));
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ responses: parseResponses(text), bytes: text.length, closedByServer });
    });
    socket.on('connect', () => socket.write(requests.join('')));
  });
}

const request = (authorization: string, extra = '') =>
  `GET /api/v1/navigation HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\n${extra}\r\n`;
const closing = (authorization: string) => request(authorization, 'Connection: close\r\n');
const summary = (received: Received) =>
  received.responses.map((response) => [response.status, response.headers['retry-after'] ?? null, response.body]);

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 1000; attempt++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting until ${what}`);
}

let clock = 1_000_000;
const verify = async (password: string) => password === USERS.editor.password;

function start(name: string, options: Partial<GatewayOptions>, proxy = false): Promise<RunningFixture> {
  clock = 1_000_000;
  return startFixture(name, proxy ? { access: { proxy: true } } : {}, {
    limiter: { maxFailures: 1, windowMs: 60_000, maxAddresses: 10_000 },
    now: () => clock,
    verify,
    ...options,
  });
}

const portOf = (fixture: RunningFixture) => Number(new URL(fixture.gateway.url).port);

const Closing = suite('a throttled peer on a keep-alive connection');

Closing('gets 429 with Connection: close, and a request pipelined behind it is not answered', async () => {
  const fixture = await start('flood-close', { flood: { parkMs: 0 } });
  try {
    const port = portOf(fixture);
    assert.equal(summary(await exchangeFrom(port, '127.0.0.21', [closing(WRONG)])), [[401, null, FAILED]]);
    const received = await exchangeFrom(port, '127.0.0.21', [request(RIGHT), request(RIGHT)]);
    assert.equal(
      [summary(received), received.responses[0]?.headers.connection, received.closedByServer],
      [[[429, '60', TOO_MANY]], 'close', true],
    );
  } finally {
    await fixture.gateway.close();
  }
});

Closing('behind a trusted proxy keeps the proxy connection open: the next request on it is answered', async () => {
  const fixture = await start('flood-proxy', { flood: { parkMs: 0 } }, true);
  try {
    const port = portOf(fixture);
    const forwarded = (authorization: string) => request(authorization, 'X-Forwarded-For: 10.9.9.9\r\n');
    // The failure is complete before the throttled request is sent: pipelined behind it, the 429 would race the
    // password check still in flight (Retry-After 1 while it runs, 60 once it failed).
    assert.equal(
      summary(
        await exchangeFrom(port, '127.0.0.22', [request(WRONG, 'X-Forwarded-For: 10.9.9.9\r\nConnection: close\r\n')]),
      ),
      [[401, null, FAILED]],
    );
    const received = await exchangeFrom(port, '127.0.0.22', [
      forwarded(RIGHT),
      request(RIGHT, 'X-Forwarded-For: 10.9.9.8\r\nConnection: close\r\n'),
    ]);
    assert.equal(summary(received), [
      [429, '60', TOO_MANY],
      [200, null, NAVIGATION],
    ]);
  } finally {
    await fixture.gateway.close();
  }
});

const Parking = suite('parked 429s');

Parking('a throttled request waits parkMs, and its Retry-After counts from when it is sent', async () => {
  const fixture = await start('flood-park', { flood: { parkMs: 1500, maxPerAddress: 4 } });
  try {
    const port = portOf(fixture);
    await exchangeFrom(port, '127.0.0.31', [closing(WRONG)]);
    const answer = exchangeFrom(port, '127.0.0.31', [request(RIGHT)]);
    await until(() => fixture.gateway.floodStats().parked === 1, 'the request is parked');
    clock += 30_000;
    assert.equal(summary(await answer), [[429, '30', TOO_MANY]]);
    assert.is(fixture.gateway.floodStats().parked, 0);
  } finally {
    await fixture.gateway.close();
  }
});

Parking('a request parked past the end of the window goes through', async () => {
  const fixture = await start('flood-window', { flood: { parkMs: 1500, maxPerAddress: 4 } });
  try {
    const port = portOf(fixture);
    await exchangeFrom(port, '127.0.0.32', [closing(WRONG)]);
    const answer = exchangeFrom(port, '127.0.0.32', [closing(RIGHT)]);
    await until(() => fixture.gateway.floodStats().parked === 1, 'the request is parked');
    clock += 60_000;
    assert.equal(summary(await answer), [[200, null, NAVIGATION]]);
  } finally {
    await fixture.gateway.close();
  }
});

Parking(
  'beyond maxPerAddress parked requests from one address, the 429 is sent at once; the right password is not told apart',
  async () => {
    const fixture = await start('flood-full', { flood: { parkMs: 60_000, maxPerAddress: 2 } }, true);
    try {
      const port = portOf(fixture);
      const forwarded = (authorization: string) =>
        closing(authorization).replace('\r\n\r\n', '\r\nX-Forwarded-For: 10.7.7.7\r\n\r\n');
      await exchangeFrom(port, '127.0.0.33', [forwarded(WRONG)]);
      const parked = [
        exchangeFrom(port, '127.0.0.33', [forwarded(RIGHT)]),
        exchangeFrom(port, '127.0.0.34', [forwarded(WRONG)]),
      ];
      await until(() => fixture.gateway.floodStats().parked === 2, 'two requests are parked');
      const [right, wrong] = [
        await exchangeFrom(port, '127.0.0.35', [forwarded(RIGHT)]),
        await exchangeFrom(port, '127.0.0.35', [forwarded(WRONG)]),
      ];
      assert.equal(
        [summary(right), summary(wrong), fixture.gateway.floodStats().parked],
        [[[429, '60', TOO_MANY]], [[429, '60', TOO_MANY]], 2],
      );
      // Closing answers the parked requests at once.
      await fixture.gateway.close();
      assert.equal((await Promise.all(parked)).map(summary), [[[429, '60', TOO_MANY]], [[429, '60', TOO_MANY]]]);
    } finally {
      await fixture.gateway.close();
    }
  },
);

const Sockets = suite('the socket allowance of a throttled peer');

Sockets(
  'holds maxPerAddress sockets; one more is closed before anything is read; other addresses are served',
  async () => {
    const fixture = await start('flood-sockets', { flood: { parkMs: 60_000, maxPerAddress: 2 } });
    try {
      const port = portOf(fixture);
      await exchangeFrom(port, '127.0.0.41', [closing(WRONG)]);
      await until(() => fixture.gateway.floodStats().openSockets === 0, 'the first connection is gone');
      const parked = [
        exchangeFrom(port, '127.0.0.41', [request(RIGHT)]),
        exchangeFrom(port, '127.0.0.41', [request(RIGHT)]),
      ];
      await until(() => fixture.gateway.floodStats().parked === 2, 'two requests are parked');
      const refused = await exchangeFrom(port, '127.0.0.41', [request(RIGHT)]);
      const other = await exchangeFrom(port, '127.0.0.42', [closing(RIGHT)]);
      assert.equal([refused.bytes, refused.closedByServer, summary(other)], [0, true, [[200, null, NAVIGATION]]]);
      await fixture.gateway.close();
      assert.equal(
        (await Promise.all(parked)).map((received) => [summary(received), received.closedByServer]),
        [
          [[[429, '60', TOO_MANY]], true],
          [[[429, '60', TOO_MANY]], true],
        ],
      );
    } finally {
      await fixture.gateway.close();
    }
  },
);

const Memory = suite('a login flood from 10,000 source addresses');

Memory(
  'the limiter keeps maxAddresses addresses, the guard nothing once the sockets close; the newest stay blocked',
  async () => {
    const fixture = await start('flood-many', {
      limiter: { maxFailures: 1, windowMs: 60_000, maxAddresses: 1000 },
      flood: { parkMs: 0 },
    });
    try {
      const port = portOf(fixture);
      const address = (number: number) => `127.${100 + (number >> 16)}.${(number >> 8) & 255}.${number & 255}`;
      const statuses: Record<number, number> = {};
      let next = 0;
      const worker = async () => {
        while (next < 10_000) {
          const received = await exchangeFrom(port, address(next++), [closing(WRONG)]);
          const status = received.responses[0]?.status ?? 0;
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      };
      await Promise.all(Array.from({ length: 32 }, worker));
      await until(() => fixture.gateway.floodStats().openSockets === 0, 'every socket is closed');
      assert.equal(
        [statuses, fixture.gateway.floodStats()],
        [{ 401: 10_000 }, { peersWithSockets: 0, openSockets: 0, parked: 0, limitedAddresses: 1000 }],
      );
      const [newest, oldest] = [
        await exchangeFrom(port, address(9_999), [closing(RIGHT)]),
        await exchangeFrom(port, address(0), [closing(RIGHT)]),
      ];
      assert.equal([summary(newest), summary(oldest)], [[[429, '60', TOO_MANY]], [[200, null, NAVIGATION]]]);
    } finally {
      await fixture.gateway.close();
    }
  },
);

Closing.run();
Parking.run();
Sockets.run();
Memory.run();
