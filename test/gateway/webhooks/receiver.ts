// A webhook receiver as a user would write one: node:http, every delivery verified with the `standardwebhooks`
// package, recorded in arrival order. Its answer can be switched: up (204), down (503) or hanging (never answers).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Delivery {
  id: string;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
}

export interface TestReceiver {
  url: string;
  secret: string;
  /** Verified deliveries answered 2xx, in order, and when each arrived (performance.now()). */
  delivered: Delivery[];
  arrivedAt: number[];
  /** Every verified attempt, whatever the answer. */
  attempts: string[];
  /** Requests whose signature did not verify. */
  refused: number;
  mode: 'up' | 'down' | 'hang';
  waitFor(count: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export const TEST_SECRET = `whsec_${Buffer.from('snapi test receiver secret 0123').toString('base64')}`;

export async function startReceiver(secret = TEST_SECRET): Promise<TestReceiver> {
  const verifier = new Webhook(secret);
  const hanging = new Set<ServerResponse>();
  const receiver = { delivered: [], arrivedAt: [], attempts: [], refused: 0, mode: 'up' } as unknown as TestReceiver;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      let body: Delivery['body'];
      try {
        body = verifier.verify(text, request.headers as Record<string, string>) as Delivery['body'];
      } catch {
        receiver.refused += 1;
        response.writeHead(400).end();
        return;
      }
      const id = String(request.headers['webhook-id']);
      receiver.attempts.push(id);
      if (receiver.mode === 'hang') {
        hanging.add(response);
        return;
      }
      if (receiver.mode === 'down') {
        response.writeHead(503).end();
        return;
      }
      receiver.delivered.push({ id, body });
      receiver.arrivedAt.push(performance.now());
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/hooks/capability-abc123`;
  receiver.secret = secret;
  receiver.waitFor = async (count, timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    while (receiver.delivered.length < count) {
      if (Date.now() > deadline)
        throw new Error(`receiver: ${receiver.delivered.length} of ${count} deliveries after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  receiver.close = () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return receiver;
}
