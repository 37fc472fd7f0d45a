// The real renderSitePages on a worker thread and this one, except that writing bodies fails once a few are in the
// staging snapshot, as a full disk would make it fail half-way through rendering.
import type { BuildPlan } from '../../../generator/build.ts';
import {
  renderSitePages as renderAll,
  type RenderedSite,
  type RenderPagesOptions,
} from '../../../generator/render/render-pages.ts';
import type { BodyStore } from '../../../generator/write/snapshot-staging.ts';

export const BODIES_BEFORE_FAILURE = 6;
export const FAILURE = 'ENOSPC: no space left on device (simulated)';

export async function renderSitePages(plan: BuildPlan, options: RenderPagesOptions): Promise<RenderedSite> {
  let stored = 0;
  const bodies: BodyStore = {
    store: (hash, text, use) =>
      ++stored > BODIES_BEFORE_FAILURE ? Promise.reject(new Error(FAILURE)) : options.bodies.store(hash, text, use),
    reuse: (hash) => options.bodies.reuse(hash),
  };
  return renderAll(plan, { ...options, bodies, workers: 1 });
}
