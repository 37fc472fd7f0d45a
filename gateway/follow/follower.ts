// Follows a bucket's pointer: checks it at start and every poll (conditional GET), syncs a new snapshot, switches
// `current`.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { parsePointer, remoteKey } from '../../storage/remote-layout.ts';
import { getObject } from '../../storage/store-objects.ts';
import type { Store } from '../../storage/store-objects.ts';
import { formatS3Location } from '../../storage/s3-location.ts';
import type { S3Location } from '../../storage/s3-location.ts';
import { describeStoreError, isStoreError } from '../../storage/store-error.ts';
import { switchCurrent } from '../../storage/switch-current.ts';
import { currentId, pruneCache } from './cache-folder.ts';
import { DigestMismatchError, syncSnapshot } from './sync-snapshot.ts';

export interface FollowStatus {
  source: string;
  /** The snapshot this cache holds as current, or null before the first one. */
  snapshot: string | null;
  lastCheck: string | null;
  /** Last time the store was read and the cache held what the pointer names. */
  lastSuccess: string | null;
  /** Seconds since `lastSuccess`; null before the first success. */
  lagSeconds: number | null;
  error: string | null;
}

export interface FollowerOptions {
  store: Store;
  location: S3Location;
  cacheDir: string;
  pollMs: number;
  log: (event: string, details: Record<string, unknown>) => void;
  /** Called after `current` was switched, so the gateway loads it at once rather than at its next watch event. */
  onSwitch: () => Promise<unknown>;
  /** First retry after a failure; doubles per failure up to `backoffMaxMs`. */
  backoffMs?: number;
  backoffMaxMs?: number;
  now?: () => number;
}

/** Totals since start, for the metrics (docs/operations.md: Metrics). */
export interface FollowCounters {
  /** Bytes of the snapshots synced into the cache. */
  downloadedBytes: number;
  /** Objects refused because they did not match their digest. */
  verificationFailures: number;
  /** Milliseconds since the epoch of the last successful check, or undefined before the first. */
  lastSuccessMs: number | undefined;
}

export interface Follower {
  /** Checks the pointer once now (the first call happens at start); resolves when that check is over. */
  checkNow(): Promise<void>;
  status(): FollowStatus;
  counters(): FollowCounters;
  close(): Promise<void>;
}

// A minute at most between retries: after an outage a gateway catches up soon, and a few requests a minute cost the
// store nothing.
const DEFAULT_BACKOFF_MAX_MS = 60_000;

export async function startFollower(options: FollowerOptions): Promise<Follower> {
  const { store, location, cacheDir, log } = options;
  const now = options.now ?? Date.now;
  const source = formatS3Location(location);
  const pointerKey = remoteKey.pointer(location.prefix);
  await mkdir(join(cacheDir, DIST_LAYOUT.snapshotsDir), { recursive: true });
  let snapshot = (await currentId(cacheDir)) ?? null;
  let pointerEtag: string | undefined;
  let lastCheck: number | undefined;
  let lastSuccess: number | undefined;
  let error: string | undefined;
  let failures = 0;
  let downloadedBytes = 0;
  let verificationFailures = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const backoffMs = options.backoffMs ?? Math.min(options.pollMs, 1000);
  const retryDelay = (): number =>
    Math.min(backoffMs * 2 ** (failures - 1), Math.max(options.backoffMaxMs ?? DEFAULT_BACKOFF_MAX_MS, options.pollMs));

  const check = async (): Promise<void> => {
    lastCheck = now();
    const fetched = await getObject(store, pointerKey, pointerEtag);
    if (fetched.kind === 'not-found') throw new Error(`${source}: no snapshot published yet (no ${pointerKey})`);
    if (fetched.kind === 'found') {
      const pointer = parsePointer(fetched.bytes.toString('utf8'), `s3://${store.bucket}/${pointerKey}`);
      if (pointer.snapshot !== snapshot) {
        const started = now();
        const outcome = await syncSnapshot({ store, prefix: location.prefix, cacheDir, pointer });
        downloadedBytes += outcome.downloadedBytes;
        const previous = snapshot;
        await switchCurrent(cacheDir, pointer.snapshot);
        snapshot = pointer.snapshot;
        await options.onSwitch();
        // The previous snapshot stays: requests that started on it may still be reading its bodies.
        await pruneCache(cacheDir, new Set([pointer.snapshot, ...(previous === null ? [] : [previous])]));
        log('follow-switched', { source, previous, ...outcome, seconds: (now() - started) / 1000 });
      }
      pointerEtag = fetched.etag;
    }
    lastSuccess = now();
  };

  const schedule = (delay: number): void => {
    if (closed) return;
    timer = setTimeout(() => void run(), delay);
    timer.unref();
  };

  const run = (): Promise<void> => {
    clearTimeout(timer);
    running = running.then(async () => {
      if (closed) return;
      try {
        await check();
        if (error !== undefined) log('follow-recovered', { source, snapshot, failures });
        error = undefined;
        failures = 0;
        schedule(options.pollMs);
      } catch (caught) {
        failures += 1;
        if (caught instanceof DigestMismatchError) verificationFailures += 1;
        const reason = isStoreError(caught)
          ? describeStoreError(caught, location)
          : caught instanceof Error
            ? caught.message
            : String(caught);
        const delay = retryDelay();
        // One event per distinct problem, not one per retry: a long outage is one line, not thousands.
        if (reason !== error) log('follow-error', { source, reason, serving: snapshot, retryInSeconds: delay / 1000 });
        error = reason;
        schedule(delay);
      }
    });
    return running;
  };

  void run();
  return {
    checkNow: run,
    status: () => ({
      source,
      snapshot,
      lastCheck: lastCheck === undefined ? null : new Date(lastCheck).toISOString(),
      lastSuccess: lastSuccess === undefined ? null : new Date(lastSuccess).toISOString(),
      lagSeconds: lastSuccess === undefined ? null : Math.round((now() - lastSuccess) / 1000),
      error: error ?? null,
    }),
    counters: () => ({ downloadedBytes, verificationFailures, lastSuccessMs: lastSuccess }),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
