// Worker thread of the render pool: renders batches of pages' content bodies sent by render-pool.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { renderContent, type ContentJob, type ContentSettings } from './content-bodies.ts';
import { pageSourcesOf } from './page-files.ts';

export interface RenderWorkerData {
  settings: ContentSettings;
  knownPaths: string[];
}

export interface RenderBatch {
  batch: number;
  jobs: ContentJob[];
}

/** Before each page the worker says which one it starts: the pool stops a worker that stays on one page too long. */
export interface PageStarted {
  batch: number;
  page: number;
}

const { settings, knownPaths } = workerData as RenderWorkerData;
const known = new Set(knownPaths);
parentPort?.on('message', ({ batch, jobs }: RenderBatch) => {
  const results = jobs.map((job, page) => {
    parentPort?.postMessage({ batch, page } satisfies PageStarted);
    return renderContent(pageSourcesOf(job), settings, known);
  });
  parentPort?.postMessage({ batch, results });
});
