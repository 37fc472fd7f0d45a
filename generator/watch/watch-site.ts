// `watch`: beside a live site folder (an existing Typemill installation), every change its editors save is built and
// published atomically, and uploaded when a bucket is given (docs/decisions.md: watch publishes every quiet change).
// One build at a time; a file still being written is never published; a failed build keeps the previous snapshot.
import { formatProblem, InputsChangedError, type BuildSiteOptions } from '../build-site.ts';
import { residentBuilder } from '../resident/resident-build.ts';
import { serialRunner } from './serial-runner.ts';
import { watchSite } from './site-watcher.ts';
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
  /** A failed upload is tried again after this long (default 5 s). */
  retryMs?: number;
  /** Passed to every build (worker threads, …). */
  build?: Partial<BuildSiteOptions>;
}

export interface Watching {
  /** Resolves when no build or upload runs or waits. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const MAX_LOGGED_ERRORS = 5;
const MAX_LOGGED_URLS = 10;
const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export function startWatching(options: WatchOptions): Watching {
  const settleMs = options.settleMs ?? 30;
  const retryMs = options.retryMs ?? 5000;
  let paths = new Set<string>();
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

  async function buildOnce(first: boolean): Promise<void> {
    const burst = [...paths];
    paths = new Set();
    if (!first && burst.length === 0) return uploadDue ? upload() : undefined;
    if (settleMs > 0) await wait(settleMs);
    const stamps = stampFiles(options.site, burst);
    const started = performance.now();
    try {
      const outcome = await builder.build(burst, { changedInputs: () => changedSince(options.site, stamps) });
      const seconds = Number(((performance.now() - started) / 1000).toFixed(3));
      if (!outcome.ok) {
        options.log('build-failed', {
          errors: outcome.errors.slice(0, MAX_LOGGED_ERRORS).map(formatProblem),
          errorCount: outcome.errors.length,
          files: burst,
          seconds,
          note: 'the previous snapshot is still served',
        });
        return;
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
        files: burst.length,
        seconds,
      });
      uploadDue = true;
      await upload();
    } catch (error) {
      if (error instanceof InputsChangedError) {
        for (const path of [...burst, ...error.paths]) paths.add(path);
        options.log('inputs-changed', { files: error.paths, note: 'building again once they are quiet' });
        later(settleMs);
        return;
      }
      options.log('build-error', {
        reason: error instanceof Error ? error.message : String(error),
        note: 'the previous snapshot is still served',
      });
    }
  }

  let first = true;
  const runner = serialRunner(() => {
    const isFirst = first;
    first = false;
    return buildOnce(isFirst);
  });
  const watcher = watchSite(options.site, options.quietMs ?? 80, (changed) => {
    for (const path of changed) paths.add(path);
    runner.request();
  });
  runner.request();
  return {
    idle: () => runner.idle(),
    close: async () => {
      closed = true;
      watcher.close();
      for (const timer of timers) clearTimeout(timer);
      await runner.idle();
    },
  };
}
