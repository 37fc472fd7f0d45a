// Responses in flight with the time their request arrived: a sweep closes the connection of those past the deadline.
import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface DeadlineSweep {
  watch(response: ServerResponse, at: number): void;
  /** Gives a response `extraMs` more than the deadline from its arrival. */
  extend(response: ServerResponse, extraMs: number): void;
  stop(): void;
}

export function createDeadlineSweep(deadlineMs: number, sweepMs: number): DeadlineSweep {
  const started = new Map<ServerResponse, number>();
  /** Media downloads, each with its own later deadline; few at a time, so each sweep looks at all of them. */
  const extended = new Map<ServerResponse, number>();
  function forget(this: ServerResponse): void {
    started.delete(this);
    if (extended.size > 0) extended.delete(this);
  }
  const sweep = setInterval(() => {
    const now = performance.now();
    const tooOld = now - deadlineMs;
    for (const [response, at] of started) {
      // Map order is arrival order: the rest arrived later.
      if (at > tooOld) break;
      started.delete(response);
      response.socket?.destroy();
    }
    for (const [response, until] of extended) {
      if (until > now) continue;
      extended.delete(response);
      response.socket?.destroy();
    }
  }, sweepMs);
  sweep.unref();
  return {
    watch(response, at) {
      started.set(response, at);
      // `on`, not `once`: a response closes once, and `once` would allocate a wrapper per request.
      response.on('close', forget);
    },
    extend(response, extraMs) {
      const at = started.get(response);
      if (at === undefined) return;
      started.delete(response);
      extended.set(response, at + deadlineMs + extraMs);
    },
    stop: () => clearInterval(sweep),
  };
}
