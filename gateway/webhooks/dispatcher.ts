// Sends each receiver one `snapshot.served` event per snapshot of the served history, in order, beside serving: a swap
// only records the new state and wakes the receivers' loops. A failed attempt is retried with exponential backoff and
// jitter, with the same webhook-id, until the retry window has passed; the state folder keeps where each receiver is,
// so a restart or kill -9 resends what was not delivered (docs/changes.md: Webhooks).
import type { ServingState } from '../snapshot/serving-state.ts';
import { keptSnapshots } from '../changes/history-reader.ts';
import type { KeptSnapshot } from '../changes/history-reader.ts';
import { servedEvent } from './event-body.ts';
import { postEvent } from './post-event.ts';
import { readReceiverState, writeReceiverState } from './receiver-state.ts';
import type { ReceiverState } from './receiver-state.ts';
import { webhookHeaders, webhookId } from './signature.ts';
import type { Receiver, WebhookSettings } from './webhook-options.ts';

export type WebhookLog = (event: string, details: Record<string, unknown>) => void;

export interface Dispatcher {
  /** The gateway serves `state` now; returns at once. */
  served(state: ServingState): void;
  health(): Record<string, unknown>;
  /** Events of served snapshots not yet delivered or given up, over all receivers, as of each loop's last look. */
  pending(): number;
  close(): void;
}

/** The first retry waits about this long (SNAPI_WEBHOOK_RETRY_BASE_MS shortens it for tests); each next one twice as
 *  long, up to RETRY_CAP times it; the event is given up once RETRY_WINDOW times it has passed since its first failure
 *  (one hour at the default). */
export const DEFAULT_RETRY_BASE_MS = 1000;
const RETRY_CAP = 300;
const RETRY_WINDOW = 3600;

export function retryDelay(baseMs: number, attempts: number, random: () => number = Math.random): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(attempts - 1, 0), baseMs * RETRY_CAP);
  return Math.round(exponential * (0.5 + random() / 2));
}

/** Where a receiver's next event is: after the last one done with; with none done yet, the snapshot served when it
 *  was configured; when that snapshot is no longer kept, the served snapshot's own. */
function nextPosition(kept: readonly KeptSnapshot[], state: ReceiverState): number {
  if (state.delivered === undefined) {
    const first = kept.findIndex((entry) => entry.id === state.from);
    return first < 0 ? kept.length - 1 : first;
  }
  const done = kept.findIndex((entry) => entry.id === state.delivered);
  return done < 0 ? kept.length - 1 : done + 1;
}

export function createDispatcher(
  settings: WebhookSettings,
  log: WebhookLog,
  options: { retryBaseMs?: number; now?: () => number } = {},
): Dispatcher {
  const baseMs = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const now = options.now ?? Date.now;
  const stop = new AbortController();
  let serving: ServingState | undefined;
  const loops = settings.receivers.map((receiver) => receiverLoop(receiver));

  function receiverLoop(receiver: Receiver) {
    const state: ReceiverState = readReceiverState(settings.stateDir, receiver.name);
    const save = () => writeReceiverState(settings.stateDir, receiver.name, state);
    let running = false;
    let again = false;
    const viewer = { role: receiver.role };
    let waiting = 0;

    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        stop.signal.addEventListener('abort', done, { once: true });
      });

    async function deliverNext(): Promise<boolean> {
      const current = serving;
      if (current === undefined) return false;
      const { snapshot } = current;
      const kept: KeptSnapshot[] =
        snapshot.history === undefined
          ? [{ id: snapshot.id, at: snapshot.builtAt, previous: undefined, delta: () => Promise.resolve(null) }]
          : await keptSnapshots(snapshot.directory, snapshot.history);
      const position = nextPosition(kept, state);
      const entry = kept[position];
      waiting = Math.max(kept.length - position, 0);
      if (entry === undefined) return false;
      if (state.delivered === undefined && state.from === undefined) {
        state.from = entry.id;
        save();
      }
      const body = servedEvent(entry, await entry.delta(), viewer);
      const id = webhookId(receiver.name, entry.id);
      const attempt = await postEvent(
        receiver.url,
        webhookHeaders(receiver.secrets, id, body, now()),
        body,
        undefined,
        stop.signal,
      );
      if (stop.signal.aborted) return false;
      if (attempt.ok) {
        state.delivered = entry.id;
        delete state.failing;
        save();
        log('webhook-delivered', { receiver: receiver.name, id, snapshot: entry.id, status: attempt.status });
        return true;
      }
      const failing =
        state.failing?.snapshot === entry.id
          ? { ...state.failing, attempts: state.failing.attempts + 1 }
          : { snapshot: entry.id, since: now(), attempts: 1 };
      if (now() - failing.since >= baseMs * RETRY_WINDOW) {
        state.delivered = entry.id;
        state.gaveUp += 1;
        state.lastGaveUp = entry.id;
        delete state.failing;
        save();
        log('webhook-gave-up', {
          receiver: receiver.name,
          id,
          snapshot: entry.id,
          attempts: failing.attempts,
          reason: attempt.reason,
        });
        return true;
      }
      state.failing = failing;
      save();
      const delay = retryDelay(baseMs, failing.attempts);
      log('webhook-retry', {
        receiver: receiver.name,
        id,
        snapshot: entry.id,
        attempt: failing.attempts,
        reason: attempt.reason,
        retryInMs: delay,
      });
      await sleep(delay);
      return true;
    }

    async function run(): Promise<void> {
      running = true;
      try {
        // A swap during a delivery asks for another pass, so the new snapshot's event is not left waiting.
        while (again && !stop.signal.aborted) {
          again = false;
          while (!stop.signal.aborted && (await deliverNext()));
        }
      } catch (error) {
        log('webhook-error', {
          receiver: receiver.name,
          reason: error instanceof Error ? error.message : String(error),
        });
      } finally {
        running = false;
      }
    }

    return {
      waiting: () => waiting,
      kick: () => {
        again = true;
        if (!running) void run();
      },
      health: () => ({
        role: receiver.role,
        delivered: state.delivered ?? null,
        failing:
          state.failing === undefined ? null : { snapshot: state.failing.snapshot, attempts: state.failing.attempts },
        gaveUp: state.gaveUp,
        ...(state.lastGaveUp === undefined ? {} : { lastGaveUp: state.lastGaveUp }),
      }),
    };
  }

  return {
    served(state) {
      serving = state;
      for (const loop of loops) loop.kick();
    },
    pending: () => loops.reduce((sum, loop) => sum + loop.waiting(), 0),
    health: () => ({
      webhooks: Object.fromEntries(
        settings.receivers.map((receiver, position) => [receiver.name, loops[position]!.health()]),
      ),
    }),
    close: () => stop.abort(),
  };
}
