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

function metaTitle(body: string | undefined): string {
  if (body === undefined) return '';
  const title = (JSON.parse(body) as { metadata?: { meta?: { title?: unknown } } }).metadata?.meta?.title;
  return typeof title === 'string' ? title.trim() : '';
}

/** Meta title, else the first heading, else the item name. */
function titleOf(meta: string | undefined, sections: SearchSection[], name: string): string {
  return metaTitle(meta) || sections.find(([heading]) => heading !== null)?.[0] || name;
}

interface Version {
  key: string;
  body: string;
  live: boolean;
  draft: boolean;
}

function indexed(page: SearchPage, version: Version, meta: string | undefined, restriction: Restriction | undefined): IndexedDocument {
  const sections = sectionsOf(version.body);
  return {
    document: {
      url: page.url, title: titleOf(meta, sections, page.name), slug: page.slug, live: version.live, draft: version.draft,
      ...(restriction ? { restriction } : {}), key: version.key,
    },
    sections,
  };
}

/** Live content is found without `draft`; with `draft` the draft is found, or the live content where there is no draft (as article/content answers). */
export function searchDocuments(pages: readonly SearchPage[], responses: readonly BuiltResponse[]): IndexedDocument[] {
  const byKey = new Map(responses.map((response) => [response.key, response]));
  const documents: IndexedDocument[] = [];
  for (const page of pages) {
    const liveKey = keyOf(KEYS.contentLive, page.url);
    const draftKey = keyOf(KEYS.contentDraft, page.url);
    const live = byKey.get(liveKey);
    const draft = byKey.get(draftKey);
    const meta = byKey.get(keyOf(KEYS.meta, page.url))?.body;
    const restriction = (live ?? draft)?.restriction;
    const sameDraft = draft === undefined || draft.body === live?.body;
    if (live !== undefined) documents.push(indexed(page, { key: liveKey, body: live.body, live: true, draft: sameDraft }, meta, restriction));
    if (draft !== undefined && !sameDraft) documents.push(indexed(page, { key: draftKey, body: draft.body, live: false, draft: true }, meta, restriction));
  }
  return documents;
}
