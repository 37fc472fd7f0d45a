// Holds the snapshot being served; loads a new one completely, then switches to it in one assignment.
import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_LAYOUT } from './contract.ts';
import { buildTrust, loadSnapshot } from './snapshot-loader.ts';
import { releaseHeapSoon } from './release-heap.ts';
import type { LoadOptions, ServingState } from './snapshot-loader.ts';

export interface LiveSnapshot {
  /** Requests take this once and keep it, so they finish on the snapshot they started on. */
  current(): ServingState;
  /** Loads `current` when it points to a snapshot not yet tried; used by the watcher. */
  reloadIfChanged(): Promise<void>;
  /** Loads `current` again (SIGHUP); true when a snapshot was loaded. */
  reload(): Promise<boolean>;
  /** Resolves the trusted host names again every 5 minutes (docs/decisions.md: Trusted addresses are IPs, CIDR ranges and forward-resolved host names). */
  refreshHosts(): Promise<void>;
}

export type EventLog = (event: string, details: Record<string, unknown>) => void;

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function logWarnings(state: ServingState, log: EventLog): void {
  for (const warning of state.warnings) log('snapshot-warning', { snapshot: state.snapshot.id, warning });
}

export async function openLiveSnapshot(distDirectory: string, options: LoadOptions, log: EventLog): Promise<LiveSnapshot> {
  const currentLink = join(distDirectory, DIST_LAYOUT.currentLink);
  let state: ServingState;
  try {
    state = await loadSnapshot(distDirectory, options);
  } catch (error) {
    throw new Error(`gateway: cannot load the snapshot at ${currentLink}: ${reasonOf(error)}`, { cause: error });
  }
  logWarnings(state, log);
  releaseHeapSoon();
  let lastTried = state.snapshot.directory;
  let queue: Promise<unknown> = Promise.resolve();

  const load = async (): Promise<boolean> => {
    const target = await realpath(currentLink).catch(() => currentLink);
    lastTried = target;
    try {
      const next = await loadSnapshot(distDirectory, options);
      state = next;
      lastTried = next.snapshot.directory;
      log('snapshot-loaded', { snapshot: next.snapshot.id, responses: next.snapshot.entries.size });
      logWarnings(next, log);
      releaseHeapSoon();
      return true;
    } catch (error) {
      log('snapshot-refused', { target, reason: reasonOf(error), serving: state.snapshot.id });
      return false;
    }
  };
  // One load at a time: a burst of watch events becomes one reload.
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    current: () => state,
    reload: () => serialized(load),
    reloadIfChanged: () =>
      serialized(async () => {
        const target = await realpath(currentLink).catch(() => undefined);
        if (target !== undefined && target !== lastTried) await load();
      }),
    refreshHosts: () =>
      serialized(async () => {
        const serving = state;
        const { trust, warnings } = await buildTrust(serving.snapshot.access, options.lookup);
        serving.trust = trust;
        for (const warning of warnings) log('snapshot-warning', { snapshot: serving.snapshot.id, warning });
      }),
  };
}
