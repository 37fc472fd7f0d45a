// Renders pages' content on worker threads and on this thread at once, in small batches handed out as threads ask.
import { availableParallelism } from 'node:os';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { renderContent, type ContentJob, type ContentSettings, type RenderedContent } from './content-bodies.ts';
import type { RenderBatch, RenderWorkerData } from './render-worker.ts';

const BATCH_PAGES = 16;
/** Batches a worker holds at once, so it never waits while this thread renders a batch of its own. */
const WORKER_QUEUE = 2;

/** Worker threads worth starting on this machine: one per core beside this thread's. */
export function defaultWorkerCount(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** Workers run TypeScript through tsx like this thread: Node 20 does not apply `--import tsx` to a worker's own
 *  entry file, so a small bootstrap registers tsx's loader in the worker first, then imports the entry. */
const WORKER_BOOTSTRAP = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./render-worker.ts', import.meta.url).href)}); })`;

function startWorker(data: RenderWorkerData): Worker {
  return new Worker(WORKER_BOOTSTRAP, { eval: true, workerData: data });
}

export async function renderOnThreads(jobs: readonly ContentJob[], settings: ContentSettings, knownPaths: ReadonlySet<string>, workers: number): Promise<RenderedContent[]> {
  const results = new Array<RenderedContent>(jobs.length);
  const batchCount = Math.ceil(jobs.length / BATCH_PAGES);
  let nextBatch = 0;
  const takeBatch = (): number | undefined => (nextBatch < batchCount ? nextBatch++ : undefined);
  const batchJobs = (batch: number) => jobs.slice(batch * BATCH_PAGES, (batch + 1) * BATCH_PAGES);

  const runWorker = (worker: Worker) => new Promise<void>((resolve, reject) => {
    let inFlight = 0;
    const send = () => {
      const batch = takeBatch();
      if (batch === undefined) return;
      inFlight++;
      worker.postMessage({ batch, jobs: batchJobs(batch) } satisfies RenderBatch);
    };
    worker.on('message', ({ batch, results: rendered }: { batch: number; results: RenderedContent[] }) => {
      inFlight--;
      rendered.forEach((content, index) => (results[batch * BATCH_PAGES + index] = content));
      send();
      if (inFlight === 0) resolve();
    });
    worker.on('error', reject);
    worker.on('exit', (code) => (inFlight > 0 ? reject(new Error(`render worker exited with code ${code}`)) : resolve()));
    for (let slot = 0; slot < WORKER_QUEUE; slot++) send();
    if (inFlight === 0) resolve();
  });

  const renderHere = async () => {
    for (let batch = takeBatch(); batch !== undefined; batch = takeBatch()) {
      batchJobs(batch).forEach((job, index) => (results[batch * BATCH_PAGES + index] = renderContent(job, settings, knownPaths)));
      await yieldToEvents();
    }
  };

  const pool = Array.from({ length: workers }, () => startWorker({ settings, knownPaths: [...knownPaths] }));
  try {
    await Promise.all([...pool.map(runWorker), renderHere()]);
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
  return results;
}
