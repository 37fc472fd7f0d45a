// The real renderSitePages, except that the bodies of content/06-contact.md go missing, as a renderer bug would lose
// them.
import type { BuildPlan } from '../../../generator/build.ts';
import {
  renderSitePages as renderAll,
  type RenderedSite,
  type RenderPagesOptions,
} from '../../../generator/render/render-pages.ts';

export const LOST_PAGE = '/06-contact';

export async function renderSitePages(plan: BuildPlan, options: RenderPagesOptions): Promise<RenderedSite> {
  const site = await renderAll(plan, options);
  const rendered = new Map(site.rendered);
  rendered.delete(LOST_PAGE);
  return { ...site, rendered };
}
