// The build's search step: the plan's pages and the built bodies in, the search index entry out.
import type { BuildPlan } from '../build.ts';
import type { BuiltResponse } from '../types.ts';
import { searchIndexResponse } from './build-search-index.ts';
import { searchDocuments } from './search-documents.ts';

export function siteSearchResponse(plan: BuildPlan, responses: readonly BuiltResponse[]): Promise<BuiltResponse> {
  const pages = plan.pages.map((page) => ({
    url: page.url,
    slug: page.item?.slug ?? '',
    name: page.item === undefined ? 'home' : String(page.item.name),
  }));
  const language = plan.model.settings.language;
  return searchIndexResponse(searchDocuments(pages, responses), typeof language === 'string' ? language : '');
}
