// Watches a site folder's inputs and reports each burst of changes once, with the paths it touched, after the burst
// has been quiet for a while (editors and Typemill write a file in several steps). Folder watches report the saves;
// a periodic check of every file's stamps catches what they miss, and a rescan replaces them when they fail
// (docs/decisions.md: watch never misses a save).
import { folderWatches, type FolderWatches, type WatchFunction } from './folder-watches.ts';
import { checkStamps, restamp, stampTree, type TreeStamps } from './tree-stamps.ts';

export const SITE_FOLDERS = ['content', 'settings', 'plugins', 'themes', 'media'] as const;

export interface SiteWatcher {
  close(): void;
}

export interface Burst {
  /** Site-relative paths (`content/01-guides/02-setup.md`), sorted. */
  paths: string[];
  /** Set when the platform watcher lost track and the site was compared with its stamps instead: why. */
  rescan?: string;
}

export interface SiteWatchOptions {
  /** A burst is reported once it has been quiet this long. */
  quietMs: number;
  /** The consistency check compares every file's stamps this often (default 10 s). */
  checkMs?: number;
  /** Set: no platform watcher at all, only the stamp check this often (network file systems). */
  pollMs?: number;
  /** The platform's folder watch (tests pass one that fails). */
  watch?: WatchFunction;
}

const DEFAULT_CHECK_MS = 10_000;
const FALLBACK_POLL_MS = 2000;
/** The interval between checks is at least this many times the last check's duration. */
const CHECK_SHARE = 20;
const MISSED = 'the consistency check found saves the file watcher did not report';

export function watchSite(site: string, options: SiteWatchOptions, onBurst: (burst: Burst) => void): SiteWatcher {
  const known: TreeStamps = stampTree(site, SITE_FOLDERS);
  let pending = new Set<string>();
  let rescan: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let watches: FolderWatches | undefined;
  let checkMs = options.pollMs ?? options.checkMs ?? DEFAULT_CHECK_MS;

  const flush = () => {
    timer = undefined;
    // Stamped before the build reads: a later write differs from these stamps and is found by the next check.
    const paths = new Set(pending);
    for (const path of pending) for (const file of restamp(site, known, path)) paths.add(file);
    pending = new Set();
    watches?.sync(known);
    const reason = rescan;
    rescan = undefined;
    onBurst({ paths: [...paths].sort(), ...(reason !== undefined ? { rescan: reason } : {}) });
  };
  const changed = (path: string) => {
    pending.add(path);
    clearTimeout(timer);
    timer = setTimeout(flush, options.quietMs);
  };

  const check = async (reason: string | undefined) => {
    const missed = await checkStamps(site, known, SITE_FOLDERS);
    if (closed) return;
    watches?.sync(known);
    if (missed.length === 0) return;
    for (const path of missed) pending.add(path);
    if (reason !== undefined) rescan ??= reason;
    clearTimeout(timer);
    flush();
  };

  let troubled: string | undefined;
  let rearming = false;
  let polling = options.pollMs !== undefined;
  const trouble = (reason: string) => {
    if (closed || polling) return;
    troubled ??= reason;
    if (rearming) return;
    rearming = true;
    // Out of the failing watcher's own call: every watch is dropped and armed again from a fresh listing.
    setImmediate(() => {
      watches?.close();
      watches = undefined;
      if (closed) return;
      const fresh = stampTree(site, SITE_FOLDERS);
      for (const path of new Set([...known.keys(), ...fresh.keys()]))
        if (known.get(path) !== fresh.get(path) && !(fresh.get(path) ?? known.get(path) ?? '').startsWith('d:'))
          pending.add(path);
      known.clear();
      for (const [path, stamp] of fresh) known.set(path, stamp);
      let reasonGiven = troubled ?? reason;
      troubled = undefined;
      const rearmed = arm();
      if (troubled !== undefined) {
        // Watches that cannot be armed again (a watch limit): the stamp check alone, often.
        rearmed?.close();
        watches = undefined;
        polling = true;
        checkMs = Math.min(checkMs, FALLBACK_POLL_MS);
        reasonGiven = `${troubled}; checking stamps every ${checkMs / 1000} s instead`;
        clearTimeout(checker);
        checker = setTimeout(tick, checkMs);
      }
      troubled = undefined;
      rearming = false;
      rescan = reasonGiven;
      clearTimeout(timer);
      flush();
    });
  };
  const arm = (): FolderWatches | undefined => {
    if (polling) return undefined;
    const armed = folderWatches(site, SITE_FOLDERS, changed, trouble, options.watch);
    watches = armed;
    armed.sync(known);
    return armed;
  };

  arm();
  const tick = async () => {
    if (closed) return;
    const started = performance.now();
    // A check that fails (a folder that cannot be read) is tried again at the next tick.
    await check(polling ? undefined : MISSED).catch(() => undefined);
    // At most about a twentieth of the time goes to the check, however large the site.
    const spent = performance.now() - started;
    if (!closed) checker = setTimeout(tick, Math.max(checkMs, spent * CHECK_SHARE));
  };
  let checker = setTimeout(tick, checkMs);
  return {
    close: () => {
      closed = true;
      clearTimeout(timer);
      clearTimeout(checker);
      watches?.close();
    },
  };
}
