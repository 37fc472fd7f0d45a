// Makes a login flood cost the attacker: throttled requests are parked, then answered with 429 and Connection: close,
// and a throttled peer address may hold only a few sockets (nginx's limit_req and limit_conn, docs/performance.md).
import type { Socket } from 'node:net';
import { normalizeAddress } from '../auth/ip-trust.ts';

export interface FloodOptions {
  /** How long a throttled request waits before its 429 is sent; 0 answers at once. */
  parkMs: number;
  /** Most requests parked per throttled address, and most sockets a throttled peer address may hold open. */
  maxPerAddress: number;
}

export const DEFAULT_FLOOD_OPTIONS: FloodOptions = { parkMs: 1000, maxPerAddress: 4 };

export interface FloodStats {
  /** Peer addresses with at least one open socket. */
  peersWithSockets: number;
  openSockets: number;
  /** Requests waiting for their 429. */
  parked: number;
}

export interface FloodGuard {
  /** The server's `connection` listener: a throttled peer beyond its socket allowance is closed before a byte is
   *  parsed. */
  admit(socket: Socket): void;
  /** Resolves when a throttled request may be answered: after `parkMs`, or at once when the address has its allowance
   *  parked. */
  park(address: string): Promise<void>;
  stats(): FloodStats;
  /** Answers every parked request now (the server is closing). */
  releaseAll(): void;
}

const NOW_RESOLVED = Promise.resolve();

function increment(counts: Map<string, number>, key: string): number {
  const count = (counts.get(key) ?? 0) + 1;
  counts.set(key, count);
  return count;
}

// Entries are deleted at zero, so both maps hold only addresses with open sockets or parked requests: bounded by
// the sockets the process may hold, whatever the number of addresses in a flood.
function decrement(counts: Map<string, number>, key: string): void {
  const count = (counts.get(key) ?? 1) - 1;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}

export function createFloodGuard(options: FloodOptions, isThrottled: (address: string) => boolean): FloodGuard {
  const socketsByPeer = new Map<string, number>();
  const parkedByAddress = new Map<string, number>();
  const waiting = new Set<() => void>();
  let openSockets = 0;

  return {
    admit(socket) {
      const peer = normalizeAddress(socket.remoteAddress ?? '');
      if ((socketsByPeer.get(peer) ?? 0) >= options.maxPerAddress && isThrottled(peer)) {
        socket.destroy();
        return;
      }
      increment(socketsByPeer, peer);
      openSockets++;
      socket.once('close', () => {
        openSockets--;
        decrement(socketsByPeer, peer);
      });
    },
    park(address) {
      if (options.parkMs <= 0 || (parkedByAddress.get(address) ?? 0) >= options.maxPerAddress) return NOW_RESOLVED;
      increment(parkedByAddress, address);
      return new Promise<void>((resolve) => {
        const release = () => {
          clearTimeout(timer);
          waiting.delete(release);
          decrement(parkedByAddress, address);
          resolve();
        };
        const timer = setTimeout(release, options.parkMs);
        waiting.add(release);
      });
    },
    stats: () => ({
      peersWithSockets: socketsByPeer.size,
      openSockets,
      parked: [...parkedByAddress.values()].reduce((sum, count) => sum + count, 0),
    }),
    releaseAll() {
      for (const release of [...waiting]) release();
    },
  };
}

/** A 429 from `decide` waits in the guard, then is decided again: Retry-After counts from when it is sent, and a window
 *  that ended meanwhile lets the request through. The throttled peer's own keep-alive connection is closed after it;
 *  a proxy's connection (the peer is not the throttled address) is kept. */
export async function answerThrottled<Answer extends { throttledAddress?: string }>(
  guard: FloodGuard,
  throttledAddress: string,
  peerAddress: string,
  decideAgain: () => Promise<Answer>,
  response: { shouldKeepAlive: boolean },
): Promise<Answer> {
  await guard.park(throttledAddress);
  const answer = await decideAgain();
  if (answer.throttledAddress !== undefined && answer.throttledAddress === normalizeAddress(peerAddress))
    response.shouldKeepAlive = false;
  return answer;
}
