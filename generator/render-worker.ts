// Worker thread of the render pool: renders batches of pages' content bodies sent by render-pool.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { renderContent, type ContentJob, type ContentSettings } from './content-bodies.ts';

export interface RenderWorkerData {
  settings: ContentSettings;
  knownPaths: string[];
}

export interface RenderBatch {
  batch: number;
  jobs: ContentJob[];
}

const { settings, knownPaths } = workerData as RenderWorkerData;
const known = new Set(knownPaths);
parentPort?.on('message', ({ batch, jobs }: RenderBatch) => {
  parentPort?.postMessage({ batch, results: jobs.map((job) => renderContent(job, settings, known)) });
});
