// The searchable versions of every page, from the content, meta and item bodies the build already made.
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import type { Restriction } from '../../contract/snapshot.ts';
import { sectionsOf } from '../../contract/search/content-sections.ts';
import type { SearchDocument, SearchSection } from '../../contract/search/search-format.ts';
import type { BuiltResponse } from '../types.ts';

/** What the search needs of a page besides its bodies. */
export interface SearchPage {
  url: string;
  slug: string;
  /** The item's name, the title of last resort. */
  name: string;
}

/** A document with the text it is indexed by (not stored: the content body holds it). */
export interface IndexedDocument {
  document: SearchDocument;
  sections: SearchSection[];
}

/** The meta body's title (what article/meta answers), trimmed; '' when it has none. */
export function metaTitle(body: string | undefined): string {
  if (body === undefined) return '';
  const title = (JSON.parse(body) as { metadata?: { meta?: { title?: unknown } } }).metadata?.meta?.title;
  return typeof title === 'string' ? title.trim() : '';
}

/** Meta title, else the first heading, else the item name. */
export function titleOf(meta: string, firstHeading: string | null | undefined, name: string): string {
  return meta || firstHeading || name;
}

/** One searchable version of a page and the body it is indexed by. */
export interface PageVersion {
  key: string;
  body: string;
  live: boolean;
  draft: boolean;
}

/** Live content is found without `draft`; with `draft` the draft is found, or the live content where there is no draft
 *  (as article/content answers). */
export function pageVersions(url: string, live: string | undefined, draft: string | undefined): PageVersion[] {
  const sameDraft = draft === undefined || draft === live;
  const versions: PageVersion[] = [];
  if (live !== undefined)
    versions.push({ key: keyOf(KEYS.contentLive, url), body: live, live: true, draft: sameDraft });
  if (draft !== undefined && !sameDraft)
    versions.push({ key: keyOf(KEYS.contentDraft, url), body: draft, live: false, draft: true });
  return versions;
}

export function searchDocument(
  page: SearchPage,
  version: PageVersion,
  title: string,
  restriction: Restriction | undefined,
): SearchDocument {
  return {
    url: page.url,
    title,
    slug: page.slug,
    live: version.live,
    draft: version.draft,
    ...(restriction ? { restriction } : {}),
    key: version.key,
  };
}

/** One page's bodies as the content endpoints serve them. */
export interface PageBodies {
  live: string | undefined;
  draft: string | undefined;
  /** The meta title (see metaTitle). */
  title: string;
  restriction: Restriction | undefined;
}

export function pageDocuments(page: SearchPage, bodies: PageBodies): IndexedDocument[] {
  return pageVersions(page.url, bodies.live, bodies.draft).map((version) => {
    const sections = sectionsOf(version.body);
    const title = titleOf(bodies.title, sections.find(([heading]) => heading !== null)?.[0], page.name);
    return { document: searchDocument(page, version, title, bodies.restriction), sections };
  });
}

/** Every page's documents from built responses in memory (the checker and tests; the build streams, see
 *  search-step.ts). */
export function searchDocuments(pages: readonly SearchPage[], responses: readonly BuiltResponse[]): IndexedDocument[] {
  const byKey = new Map(responses.map((response) => [response.key, response]));
  return pages.flatMap((page) => {
    const live = byKey.get(keyOf(KEYS.contentLive, page.url));
    const draft = byKey.get(keyOf(KEYS.contentDraft, page.url));
    const title = metaTitle(byKey.get(keyOf(KEYS.meta, page.url))?.body);
    return pageDocuments(page, {
      live: live?.body,
      draft: draft?.body,
      title,
      restriction: (live ?? draft)?.restriction,
    });
  });
}
