// The real content-bodies.ts, except that rendering content/06-contact.md never ends, as a renderer bug would loop.
import {
  renderContent as renderReal,
  type ContentJob,
  type ContentSettings,
} from '../../../generator/render/content-bodies.ts';

export * from '../../../generator/render/content-bodies.ts';

export const ENDLESS_PAGE = '/06-contact';

export function renderContent(
  job: ContentJob,
  settings: ContentSettings,
  knownPaths: ReadonlySet<string>,
): ReturnType<typeof renderReal> {
  if (job.page === ENDLESS_PAGE) for (;;);
  return renderReal(job, settings, knownPaths);
}
