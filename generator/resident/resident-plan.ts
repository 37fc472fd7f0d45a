// What a resident builder keeps of its last published build for a page-local build: the plan and the index in memory
// (docs/decisions.md: A page-local edit patches the last snapshot).
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import { contentHash } from '../../contract/etag.ts';
import { metaPageOf, metaTabs, type BuildPlan, type PageEntry } from '../build.ts';
import { frontMatterKey } from '../plan/front-matter.ts';
import { languageOf, searchPageOf, siteSearchResponses, type SearchMemo } from '../search/search-step.ts';
import type { BuildProblem, BuildResult, BuiltResponse, SourceFile } from '../types.ts';
import type { PublishedIndex } from '../write/published-index.ts';
import { hashInIndex, type EditedSearchPage, type PagePlan, type PageSummary } from './page-build.ts';

const CONTENT = 'content';

/** The last published build: its plan and index, what it counted and warned of. */
export interface PublishedBase {
  plan: BuildPlan;
  pages: ReadonlyMap<string, PageSummary>;
  index: PublishedIndex;
  stats: BuildResult['stats'];
  warnings: BuildProblem[];
}

export function pageSummaryOf(plan: BuildPlan, page: PageEntry): PageSummary {
  const { title, restriction } = searchPageOf(plan, page);
  return {
    ...metaPageOf(page),
    url: page.url,
    pathWithoutType: page.pathWithoutType,
    path: page.path,
    slug: page.item?.slug ?? '',
    title,
    ...(restriction ? { restriction } : {}),
  };
}

export function publishedBase(
  plan: BuildPlan,
  index: PublishedIndex,
  stats: BuildResult['stats'],
  warnings: BuildProblem[],
): PublishedBase {
  const pages = new Map(plan.pages.map((page) => [page.pathWithoutType, pageSummaryOf(plan, page)]));
  return { plan, pages, index, stats, warnings };
}

/** The page plan of `base`; the earlier texts are `files` as they were before `replaced` was read again. */
export function residentPagePlan(
  base: PublishedBase,
  files: ReadonlyMap<string, SourceFile>,
  replaced: ReadonlyMap<string, SourceFile>,
): PagePlan {
  const { plan } = base;
  const before = (file: string) => replaced.get(file) ?? files.get(file);
  return {
    pages: base.pages,
    contentSettings: plan.contentSettings,
    knownPaths: plan.source.knownPaths,
    tabs: metaTabs(plan.model, plan.sources),
    author: plan.model.settings.author,
    language: languageOf(plan),
    storedMetaOf: (page) => plan.sources.yaml.get(`${CONTENT}${page}.yaml`),
    earlier: {
      frontMatter: (file) => {
        const text = before(file)?.text;
        return text === undefined || plan.sources.renamedEntries.has(file) ? undefined : frontMatterKey(text);
      },
      drafted: (file) => (before(file) !== undefined ? plan.sources.drafts.has(file) : undefined),
    },
  };
}

/** The full search step over the base's plan, with the edited pages' new bodies: for when no search index is kept. */
export function searchWholeSite(base: PublishedBase, searches: SearchMemo) {
  return (edited: ReadonlyMap<string, EditedSearchPage>): Promise<BuiltResponse[]> => {
    const bodies = new Map<string, string | undefined>();
    for (const page of edited.values()) {
      bodies.set(keyOf(KEYS.contentLive, page.url), page.live);
      bodies.set(keyOf(KEYS.contentDraft, page.url), page.draft);
    }
    return siteSearchResponses(
      base.plan,
      {
        read: (key) => Promise.resolve(bodies.get(key)),
        hashOf: (key) => {
          const body = bodies.get(key);
          return bodies.has(key) ? body && contentHash(body) : hashInIndex(base.index, key);
        },
      },
      { memo: searches },
    );
  };
}
