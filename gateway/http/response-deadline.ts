// Responses in flight with the time their request arrived: a sweep closes the connection of those past the deadline.
import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface DeadlineSweep {
  watch(response: ServerResponse, at: number): void;
  /** Gives a response `extraMs` more than the deadline from its arrival. */
  extend(response: ServerResponse, extraMs: number): void;
  stop(): void;
}

const ARRIVED = Symbol('arrived');
const OLDER = Symbol('older');
const NEWER = Symbol('newer');

/** A response in flight, linked to its neighbours in arrival order through its own fields. */
type Watched = ServerResponse & {
  [ARRIVED]?: number | undefined;
  [OLDER]?: Watched | undefined;
  [NEWER]?: Watched | undefined;
};

/** In-flight responses are a list threaded through the responses, not a Map: a Map holding each response until it
 *  closed cost about 1.3 µs per request (docs/decisions.md: The response deadline keeps responses in a list). */
export function createDeadlineSweep(deadlineMs: number, sweepMs: number): DeadlineSweep {
  let oldest: Watched | undefined;
  let newest: Watched | undefined;
  /** Media downloads, each with its own later deadline; few at a time, so each sweep looks at all of them. */
  const extended = new Map<ServerResponse, number>();
  const unlink = (response: Watched): void => {
    if (response[ARRIVED] === undefined) return;
    const older = response[OLDER];
    const newer = response[NEWER];
    if (older === undefined) oldest = newer;
    else older[NEWER] = newer;
    if (newer === undefined) newest = older;
    else newer[OLDER] = older;
    response[ARRIVED] = undefined;
    response[OLDER] = undefined;
    response[NEWER] = undefined;
  };
  function forget(this: Watched): void {
    unlink(this);
    if (extended.size > 0) extended.delete(this);
  }
  const sweep = setInterval(() => {
    const now = performance.now();
    const tooOld = now - deadlineMs;
    // The list is in arrival order: the rest arrived later.
    while (oldest !== undefined && oldest[ARRIVED]! <= tooOld) {
      const response = oldest;
      unlink(response);
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
    watch(response: Watched, at) {
      response[ARRIVED] = at;
      response[OLDER] = newest;
      response[NEWER] = undefined;
      if (newest === undefined) oldest = response;
      else newest[NEWER] = response;
      newest = response;
      // `on`, not `once`: a response closes once, and `once` would allocate a wrapper per request.
      response.on('close', forget);
    },
    extend(response: Watched, extraMs) {
      const at = response[ARRIVED];
      if (at === undefined) return;
      unlink(response);
      extended.set(response, at + deadlineMs + extraMs);
    },
    stop: () => clearInterval(sweep),
  };
}
