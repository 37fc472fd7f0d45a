// The searchable versions of every page, from the content, meta and item bodies the build already made.
import { KEYS, keyOf } from '../../gateway/api/endpoints.ts';
import type { Restriction } from '../../gateway/snapshot/contract.ts';
import { sectionsOf } from '../../gateway/search/content-sections.ts';
import type { SearchDocument, SearchSection } from '../../gateway/search/search-format.ts';
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
function titleOf(meta: string, sections: SearchSection[], name: string): string {
  return meta || sections.find(([heading]) => heading !== null)?.[0] || name;
}

interface Version {
  key: string;
  body: string;
  live: boolean;
  draft: boolean;
}

function indexed(page: SearchPage, version: Version, title: string, restriction: Restriction | undefined): IndexedDocument {
  const sections = sectionsOf(version.body);
  return {
    document: {
      url: page.url, title: titleOf(title, sections, page.name), slug: page.slug, live: version.live, draft: version.draft,
      ...(restriction ? { restriction } : {}), key: version.key,
    },
    sections,
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

/** Live content is found without `draft`; with `draft` the draft is found, or the live content where there is no draft (as article/content answers). */
export function pageDocuments(page: SearchPage, bodies: PageBodies): IndexedDocument[] {
  const { live, draft, title, restriction } = bodies;
  const sameDraft = draft === undefined || draft === live;
  const documents: IndexedDocument[] = [];
  if (live !== undefined) documents.push(indexed(page, { key: keyOf(KEYS.contentLive, page.url), body: live, live: true, draft: sameDraft }, title, restriction));
  if (draft !== undefined && !sameDraft) documents.push(indexed(page, { key: keyOf(KEYS.contentDraft, page.url), body: draft, live: false, draft: true }, title, restriction));
  return documents;
}

/** Every page's documents from built responses in memory (the checker and tests; the build streams, see site-search.ts). */
export function searchDocuments(pages: readonly SearchPage[], responses: readonly BuiltResponse[]): IndexedDocument[] {
  const byKey = new Map(responses.map((response) => [response.key, response]));
  return pages.flatMap((page) => {
    const live = byKey.get(keyOf(KEYS.contentLive, page.url));
    const draft = byKey.get(keyOf(KEYS.contentDraft, page.url));
    const title = metaTitle(byKey.get(keyOf(KEYS.meta, page.url))?.body);
    return pageDocuments(page, { live: live?.body, draft: draft?.body, title, restriction: (live ?? draft)?.restriction });
  });
}
