// Holds the snapshot being served; loads a new one (taking over what did not change), then switches to it in one
// assignment.
import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { buildTrust, loadSnapshot } from './snapshot-loader.ts';
import type { LoadOptions, ServingState } from './serving-state.ts';

export interface LiveSnapshot {
  /** Requests take this once and keep it, so they finish on the snapshot they started on.
   *  Undefined only when opened with `allowMissing` and no snapshot has loaded yet. */
  current(): ServingState | undefined;
  /** Loads `current` when it points to a snapshot not yet tried; used by the watcher. */
  reloadIfChanged(): Promise<void>;
  /** Loads `current` again (SIGHUP); true when a snapshot was loaded. */
  reload(): Promise<boolean>;
  /** Resolves the trusted host names again every 5 minutes
   *  (docs/decisions.md: Trusted addresses are IPs, CIDR ranges and forward-resolved host names). */
  refreshHosts(): Promise<void>;
}

export type EventLog = (event: string, details: Record<string, unknown>) => void;

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function logWarnings(state: ServingState, log: EventLog): void {
  for (const warning of state.warnings) log('snapshot-warning', { snapshot: state.snapshot.id, warning });
}

function logSearchFailure({ snapshot }: ServingState, log: EventLog): void {
  void snapshot.searchLoading?.then(() => {
    if (snapshot.searchFailure !== undefined)
      log('search-refused', { snapshot: snapshot.id, reason: snapshot.searchFailure });
  });
}

/** With `allowMissing` (a gateway following a bucket) it opens without a snapshot and loads the first one that appears.
 *  */
export async function openLiveSnapshot(
  distDirectory: string,
  options: LoadOptions,
  log: EventLog,
  allowMissing = false,
  onServed?: (state: ServingState) => void,
): Promise<LiveSnapshot> {
  const currentLink = join(distDirectory, DIST_LAYOUT.currentLink);
  let state: ServingState | undefined;
  try {
    state = await loadSnapshot(distDirectory, { ...options, searchInBackground: true });
    logWarnings(state, log);
    logSearchFailure(state, log);
    onServed?.(state);
  } catch (error) {
    if (!allowMissing)
      throw new Error(`gateway: cannot load the snapshot at ${currentLink}: ${reasonOf(error)}`, { cause: error });
    log('snapshot-missing', { dist: distDirectory, reason: reasonOf(error) });
  }
  let lastTried = state?.snapshot.directory;
  let queue: Promise<unknown> = Promise.resolve();

  const load = async (): Promise<boolean> => {
    const target = await realpath(currentLink).catch(() => currentLink);
    lastTried = target;
    try {
      // The state being served lends the next one what did not change (docs/snapshot.md: How a reload reuses the index).
      const next = await loadSnapshot(distDirectory, options, state);
      state = next;
      lastTried = next.snapshot.directory;
      log('snapshot-loaded', { snapshot: next.snapshot.id, responses: next.snapshot.entries.size });
      onServed?.(next);
      logWarnings(next, log);
      return true;
    } catch (error) {
      log('snapshot-refused', { target, reason: reasonOf(error), serving: state?.snapshot.id ?? null });
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
        if (serving === undefined) return;
        const { trust, warnings } = await buildTrust(serving.snapshot.access, options.lookup);
        serving.trust = trust;
        for (const warning of warnings) log('snapshot-warning', { snapshot: serving.snapshot.id, warning });
      }),
  };
}
