// The build's search step: the plan's pages in, each page's content bodies read one page at a time, the index entry
// out.
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import { languageTools } from '../../contract/search/search-terms.ts';
import type { BuildPlan } from '../build.ts';
import { restrictionOf, storedMeta } from '../plan/site-model.ts';
import type { BuiltResponse } from '../types.ts';
import { createSearchIndexBuilder, searchIndexBody } from './build-search-index.ts';
import { pageVersions, searchDocument, titleOf } from './search-documents.ts';
import { bodyWords, fieldCounts, termCounts } from './term-counts.ts';

/** The identity JSON body of a content key (`keyOf(KEYS.contentLive/contentDraft, url)`), undefined when there is none. */
export type ReadContentBody = (key: string) => Promise<string | undefined>;

/** Bodies read ahead while earlier pages are indexed: enough to hide a file read, few enough to hold little text. */
const READ_AHEAD = 16;

/** The meta body's title comes from the stored meta (generator/build.ts pageResponses): read here without the meta
 *  body. */
function storedTitle(meta: Record<string, unknown>): string {
  return typeof meta.title === 'string' ? meta.title.trim() : '';
}

export async function siteSearchResponse(plan: BuildPlan, readContentBody: ReadContentBody): Promise<BuiltResponse> {
  const language = typeof plan.model.settings.language === 'string' ? plan.model.settings.language : '';
  const tools = await languageTools(language);
  const builder = createSearchIndexBuilder(tools, language);
  const read = (url: string) =>
    Promise.all([readContentBody(keyOf(KEYS.contentLive, url)), readContentBody(keyOf(KEYS.contentDraft, url))]);
  for (let first = 0; first < plan.pages.length; first += READ_AHEAD) {
    const pages = plan.pages.slice(first, first + READ_AHEAD);
    const bodies = await Promise.all(pages.map((page) => read(page.url)));
    pages.forEach((page, position) => {
      const [live, draft] = bodies[position]!;
      const meta = storedMeta(plan.sources, page.pathWithoutType);
      const searchPage = {
        url: page.url,
        slug: page.item?.slug ?? '',
        name: page.item === undefined ? 'home' : String(page.item.name),
      };
      const restriction = restrictionOf(meta);
      for (const version of pageVersions(page.url, live, draft)) {
        const words = bodyWords(version.body);
        const title = titleOf(storedTitle(meta), words.firstHeading, searchPage.name);
        builder.addCounts(searchDocument(searchPage, version, title, restriction), [
          fieldCounts(title, tools),
          termCounts(words.headings, tools),
          termCounts(words.text, tools),
        ]);
      }
    });
  }
  return searchIndexBody(builder.finish());
}
