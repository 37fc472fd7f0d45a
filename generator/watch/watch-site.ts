// `watch`: beside a live site folder (an existing Typemill installation), every change its editors save is built and
// published atomically, and uploaded when a bucket is given (docs/decisions.md: watch publishes every quiet change).
// One build at a time; a file still being written is never published; a failed build keeps the previous snapshot.
import { formatProblem } from '../build-outcome.ts';
import { InputsChangedError } from '../inputs-changed.ts';
import type { BuildSiteOptions } from '../build-outcome.ts';
import { residentBuilder } from '../resident/resident-build.ts';
import { serialRunner } from './serial-runner.ts';
import type { WatchFunction } from './folder-watches.ts';
import { watchSite, type Burst } from './site-watcher.ts';
import { changedSince, stampFiles } from './stable-files.ts';

export type WatchLog = (event: string, details: Record<string, unknown>) => void;

export interface WatchOptions {
  site: string;
  out: string;
  baseUrl: string;
  log: WatchLog;
  /** Uploads the snapshot just published (publish to object storage); absent: local only. */
  upload?: () => Promise<Record<string, unknown>>;
  /** A burst of changes is built once it has been quiet this long (default 80 ms). */
  quietMs?: number;
  /** The changed files must keep their size and time this long before the build reads them (default 30 ms). */
  settleMs?: number;
  /** The consistency check compares the stamps of every watched file this often (default 10 s). */
  checkMs?: number;
  /** Set: no platform file watcher, only the stamp comparison this often (`--poll SECONDS`). */
  pollMs?: number;
  /** The platform's folder watch (tests pass one that fails). */
  watch?: WatchFunction;
  /** Called after each publish, before the upload (`dev` reloads its gateway). */
  afterPublish?: () => Promise<void>;
  /** At most this many errors of a failed build are logged (default 5). */
  maxLoggedErrors?: number;
  /** A failed upload is tried again after this long (default 5 s). */
  retryMs?: number;
  /** Passed to every build (worker threads, …). */
  build?: Partial<BuildSiteOptions>;
}

export interface Watching {
  /** Resolves with whether the first build published. */
  first: Promise<boolean>;
  /** Resolves when no build or upload runs or waits. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const MAX_LOGGED_ERRORS = 5;
const NOTHING_CHANGED = 'the stamps of every watched file were compared: nothing changed';
const MAX_LOGGED_URLS = 10;
const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export function startWatching(options: WatchOptions): Watching {
  const settleMs = options.settleMs ?? 30;
  const retryMs = options.retryMs ?? 5000;
  let paths = new Set<string>();
  let rescans: string[] = [];
  let firstDone: (published: boolean) => void = () => undefined;
  const first = new Promise<boolean>((resolve) => (firstDone = resolve));
  let uploadDue = false;
  let closed = false;
  const timers = new Set<NodeJS.Timeout>();
  const later = (milliseconds: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) runner.request();
    }, milliseconds);
    timers.add(timer);
  };

  async function upload(): Promise<void> {
    if (options.upload === undefined) return;
    try {
      options.log('uploaded', await options.upload());
      uploadDue = false;
    } catch (error) {
      uploadDue = true;
      options.log('upload-failed', {
        reason: error instanceof Error ? error.message : String(error),
        retryInSeconds: retryMs / 1000,
      });
      later(retryMs);
    }
  }

  const builder = residentBuilder({ ...options.build, site: options.site, out: options.out, baseUrl: options.baseUrl });

  /** `retry`: the inputs changed while the build read them, and it runs again. */
  async function buildOnce(isFirst: boolean): Promise<'published' | 'failed' | 'retry' | 'nothing'> {
    const burst = [...paths];
    paths = new Set();
    const rescan = rescans.length > 0 ? { rescan: [...new Set(rescans)].join('; ') } : {};
    rescans = [];
    if (!isFirst && burst.length === 0) {
      if (rescan.rescan !== undefined) options.log('rescanned', { ...rescan, note: NOTHING_CHANGED });
      if (uploadDue) await upload();
      return 'nothing';
    }
    if (settleMs > 0) await wait(settleMs);
    const stamps = stampFiles(options.site, burst);
    const started = performance.now();
    try {
      const outcome = await builder.build(burst, { changedInputs: () => changedSince(options.site, stamps) });
      const seconds = Number(((performance.now() - started) / 1000).toFixed(3));
      // Every warning the build gave, as `build` prints them: a save that makes a page's front matter markdown shows.
      const warnings = outcome.warnings.length > 0 ? { warnings: outcome.warnings.map(formatProblem) } : {};
      if (!outcome.ok) {
        options.log('build-failed', {
          errors: outcome.errors.slice(0, options.maxLoggedErrors ?? MAX_LOGGED_ERRORS).map(formatProblem),
          errorCount: outcome.errors.length,
          ...warnings,
          files: burst,
          ...rescan,
          seconds,
          note: 'the previous snapshot is still served',
        });
        return 'failed';
      }
      const { changes, id } = outcome.published;
      const urls = [...changes.urls.added, ...changes.urls.changed, ...changes.urls.removed];
      options.log('published', {
        snapshot: id,
        pages: outcome.stats.pages,
        added: changes.added.length,
        changed: changes.changed.length,
        removed: changes.removed.length,
        urls: urls.slice(0, MAX_LOGGED_URLS),
        ...warnings,
        files: burst.length,
        ...rescan,
        seconds,
      });
      await options.afterPublish?.();
      uploadDue = true;
      await upload();
      return 'published';
    } catch (error) {
      if (error instanceof InputsChangedError) {
        for (const path of [...burst, ...error.paths]) paths.add(path);
        if (rescan.rescan !== undefined) rescans.push(rescan.rescan);
        options.log('inputs-changed', { files: error.paths, note: 'building again once they are quiet' });
        later(settleMs);
        return 'retry';
      }
      options.log('build-error', {
        reason: error instanceof Error ? error.message : String(error),
        note: 'the previous snapshot is still served',
      });
      return 'failed';
    }
  }

  let isFirst = true;
  let firstSettled = false;
  const runner = serialRunner(async () => {
    const outcome = await buildOnce(isFirst).catch(() => 'failed' as const);
    isFirst = false;
    if (!firstSettled && outcome !== 'retry') {
      firstSettled = true;
      firstDone(outcome === 'published');
    }
  });
  const watcher = watchSite(
    options.site,
    {
      quietMs: options.quietMs ?? 80,
      ...(options.checkMs !== undefined ? { checkMs: options.checkMs } : {}),
      ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
      ...(options.watch !== undefined ? { watch: options.watch } : {}),
    },
    (burst: Burst) => {
      for (const path of burst.paths) paths.add(path);
      if (burst.rescan !== undefined) rescans.push(burst.rescan);
      runner.request();
    },
  );
  runner.request();
  return {
    first,
    idle: () => runner.idle(),
    close: async () => {
      closed = true;
      watcher.close();
      for (const timer of timers) clearTimeout(timer);
      await runner.idle();
    },
  };
}
