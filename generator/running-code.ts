// Which code of the generator is running: a bundle (generator/build/*.mjs, what the commands start) or the TypeScript
// sources under tsx (development and tests). The render workers and the render cache's fingerprint follow it.
import { fileURLToPath } from 'node:url';

/** This module's own URL is the bundle's when it was bundled: esbuild keeps `import.meta.url` as the output file's. */
export const RUNS_BUNDLE = import.meta.url.endsWith('.mjs');

/** The running bundle's files: the command's own and the render worker beside it. */
export function bundleFiles(): string[] {
  return [fileURLToPath(import.meta.url), fileURLToPath(new URL('./render-worker.mjs', import.meta.url))];
}

/** What a render worker imports first: its bundle, or tsx's loader and then its TypeScript entry (Node 20 does not
 *  apply `--import tsx` to a worker's own entry file). */
export function renderWorkerBootstrap(): string {
  if (RUNS_BUNDLE) return `import(${JSON.stringify(new URL('./render-worker.mjs', import.meta.url).href)})`;
  const worker = new URL('./render/render-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register(); return import(${JSON.stringify(worker)}); })`;
}
