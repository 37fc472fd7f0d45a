// The real renderSitePages, always on one worker thread (the fixture site is too small to start workers by itself).
import type { BuildPlan } from '../../../generator/build.ts';
import {
  renderSitePages as renderAll,
  type RenderedSite,
  type RenderPagesOptions,
} from '../../../generator/render/render-pages.ts';

export function renderSitePages(plan: BuildPlan, options: RenderPagesOptions): Promise<RenderedSite> {
  return renderAll(plan, { ...options, workers: 1 });
}
