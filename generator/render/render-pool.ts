// Renders pages' content on worker threads and on this thread at once, in small batches handed out as threads ask.
import { availableParallelism } from 'node:os';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { mapOnLanes, type Lane } from '../write/concurrency.ts';
import { renderContent, type ContentJob, type ContentSettings, type RenderedContent } from './content-bodies.ts';
import { pageSourcesOf } from './page-files.ts';
import { contentFileOf, DEFAULT_RENDER_TIMEOUT_SECONDS, renderWithin, RenderTimeout } from './render-bound.ts';
import type { PageStarted, RenderBatch, RenderWorkerData } from './render-worker.ts';
import { renderWorkerBootstrap } from '../running-code.ts';

const BATCH_PAGES = 16;
/** Batches a worker holds at once, so it never waits while this thread keeps (writes) its previous batch. */
const WORKER_QUEUE = 2;

/** Worker threads worth starting on this machine: one per core. This thread renders nothing when there are workers:
 *  it writes and compresses bodies as batches come back. Rendering here too promoted every page's parse garbage into
 *  this thread's old generation, which grew to four times the live data before a full collection (10,000 pages:
 *  heap 164 → 631 MB while rendering; with rendering on workers only it stays at 240–320 MB). */
export function defaultWorkerCount(): number {
  return Math.max(1, availableParallelism());
}

const WORKER_BOOTSTRAP = renderWorkerBootstrap();

type Batch = readonly ContentJob[];

/** What a lane hands back for a rendered batch: `keep` may write the bodies away and return less. */
type Keep<R> = (results: RenderedContent[], jobs: Batch) => Promise<R[]> | R[];

/** A lane that sends a batch to the worker and resolves with the worker's answer for that batch, as `keep` returns it.
 *  A page the worker is still on after `timeoutSeconds` ends the worker and fails the lane with RenderTimeout. */
function workerLane<R>(worker: Worker, keep: Keep<R>, timeoutSeconds: number): Lane<Batch, R[]> {
  const waiting = new Map<
    number,
    { jobs: Batch; resolve: (results: RenderedContent[]) => void; reject: (error: Error) => void }
  >();
  let failure: Error | undefined;
  let watchdog: NodeJS.Timeout | undefined;
  let lastStarted: PageStarted | undefined;
  const fail = (error: Error) => {
    clearTimeout(watchdog);
    failure ??= error;
    for (const pending of waiting.values()) pending.reject(failure);
    waiting.clear();
  };
  worker.on('message', (message: PageStarted | { batch: number; results: RenderedContent[] }) => {
    clearTimeout(watchdog);
    lastStarted = 'page' in message ? message : undefined;
    if ('page' in message) {
      const job = waiting.get(message.batch)?.jobs[message.page];
      if (job !== undefined) {
        const started = message;
        watchdog = setTimeout(() => {
          // timers run before messages that waited while this thread was busy: let those through before judging
          setImmediate(() => {
            if (started !== lastStarted) return;
            fail(new RenderTimeout(contentFileOf(job), timeoutSeconds));
            void worker.terminate();
          });
        }, timeoutSeconds * 1000);
      }
      return;
    }
    waiting.get(message.batch)?.resolve(message.results);
    waiting.delete(message.batch);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`render worker exited with code ${code}`)));
  return async (jobs, batch) =>
    keep(
      await new Promise<RenderedContent[]>((resolve, reject) => {
        if (failure) return reject(failure);
        waiting.set(batch, { jobs, resolve, reject });
        worker.postMessage({ batch, jobs: [...jobs] } satisfies RenderBatch);
      }),
      jobs,
    );
}

/** This thread's lane: renders a batch, then lets finished writes through before keeping it. */
function hereLane<R>(
  settings: ContentSettings,
  knownPaths: ReadonlySet<string>,
  keep: Keep<R>,
  timeoutSeconds: number,
): Lane<Batch, R[]> {
  return async (jobs) => {
    const results = jobs.map((job) =>
      renderWithin(job, timeoutSeconds, () => renderContent(pageSourcesOf(job), settings, knownPaths)),
    );
    await yieldToEvents();
    return keep(results, jobs);
  };
}

const keepAll: Keep<RenderedContent> = (results) => results;

export interface PoolOptions {
  /** Worker threads; 0 renders on this thread. */
  workers: number;
  /** The longest one page may take to render (render-bound.ts). */
  timeoutSeconds?: number;
}

/**
 * Renders every job on `workers` threads, or on this one when there are none; results in the jobs' order, each batch
 * passed through `keep` as it comes back, so a caller that writes bodies away holds only the batches in flight.
 * Rendering here takes two lanes: while one waits for its batch to be kept (files written, compressed on the thread
 * pool), the other renders. A page that takes longer than the bound rejects the call with RenderTimeout.
 */
export async function renderOnThreads(
  jobs: readonly ContentJob[],
  settings: ContentSettings,
  knownPaths: ReadonlySet<string>,
  pool: PoolOptions,
): Promise<RenderedContent[]>;
export async function renderOnThreads<R>(
  jobs: readonly ContentJob[],
  settings: ContentSettings,
  knownPaths: ReadonlySet<string>,
  pool: PoolOptions,
  keep: Keep<R>,
): Promise<R[]>;
export async function renderOnThreads<R>(
  jobs: readonly ContentJob[],
  settings: ContentSettings,
  knownPaths: ReadonlySet<string>,
  pool: PoolOptions,
  keep?: Keep<R>,
): Promise<Array<R | RenderedContent>> {
  const kept: Keep<R | RenderedContent> = keep ?? keepAll;
  const timeoutSeconds = pool.timeoutSeconds ?? DEFAULT_RENDER_TIMEOUT_SECONDS;
  const batches = Array.from({ length: Math.ceil(jobs.length / BATCH_PAGES) }, (_, batch) =>
    jobs.slice(batch * BATCH_PAGES, (batch + 1) * BATCH_PAGES),
  );
  const workers = Array.from(
    { length: pool.workers },
    () =>
      new Worker(WORKER_BOOTSTRAP, {
        eval: true,
        workerData: { settings, knownPaths: [...knownPaths] } satisfies RenderWorkerData,
      }),
  );
  const here = hereLane(settings, knownPaths, kept, timeoutSeconds);
  const lanes =
    workers.length > 0
      ? workers.flatMap((worker) =>
          Array<Lane<Batch, Array<R | RenderedContent>>>(WORKER_QUEUE).fill(workerLane(worker, kept, timeoutSeconds)),
        )
      : [here, here];
  try {
    return (await mapOnLanes(batches, lanes)).flat();
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
