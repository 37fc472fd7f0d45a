// The searchable versions of every page, from the content, meta and item bodies the build already made.
import type { Restriction } from '../../gateway/contract.ts';
import { requestKey } from '../../gateway/contract.ts';
import type { SearchDocument, SearchSection } from '../../gateway/search/search-format.ts';
import type { BuiltResponse } from '../types.ts';
import { htmlText } from './html-text.ts';

/** What the search needs of a page besides its bodies. */
export interface SearchPage {
  url: string;
  slug: string;
  /** The item's name, the title of last resort. */
  name: string;
}

interface ContentBlock {
  markdown?: unknown;
  html?: unknown;
}

const HEADING = /^<h[1-6][\s>]/i;
const TOC = /^\s*\[TOC\]\s*$/;

function blocksOf(body: string): ContentBlock[] {
  const parsed = JSON.parse(body) as { content?: unknown };
  return Array.isArray(parsed.content) ? (parsed.content as ContentBlock[]) : [];
}

/** Headings open sections; the table of contents only repeats headings, so it is left out. */
export function sectionsOf(body: string): SearchSection[] {
  const sections: SearchSection[] = [];
  let current: SearchSection = [null, ''];
  for (const block of blocksOf(body)) {
    if (typeof block.html !== 'string' || (typeof block.markdown === 'string' && TOC.test(block.markdown))) continue;
    const text = htmlText(block.html);
    if (HEADING.test(block.html)) {
      if (current[0] !== null || current[1] !== '') sections.push(current);
      current = [text, ''];
    } else if (text !== '') {
      current[1] = current[1] === '' ? text : `${current[1]} ${text}`;
    }
  }
  if (current[0] !== null || current[1] !== '') sections.push(current);
  return sections;
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

function document(page: SearchPage, body: string, meta: string | undefined, flags: { live: boolean; draft: boolean }, restriction: Restriction | undefined): SearchDocument {
  const sections = sectionsOf(body);
  return { url: page.url, title: titleOf(meta, sections, page.name), slug: page.slug, ...flags, ...(restriction ? { restriction } : {}), sections };
}

/** Live content is found without `draft`; with `draft` the draft is found, or the live content where there is no draft (as article/content answers). */
export function searchDocuments(pages: readonly SearchPage[], responses: readonly BuiltResponse[]): SearchDocument[] {
  const byKey = new Map(responses.map((response) => [response.key, response]));
  const documents: SearchDocument[] = [];
  for (const page of pages) {
    const live = byKey.get(requestKey.content(page.url, false));
    const draft = byKey.get(requestKey.content(page.url, true));
    const meta = byKey.get(requestKey.meta(page.url))?.body;
    const restriction = (live ?? draft)?.restriction;
    const sameDraft = draft === undefined || draft.body === live?.body;
    if (live !== undefined) documents.push(document(page, live.body, meta, { live: true, draft: sameDraft }, restriction));
    if (draft !== undefined && !sameDraft) documents.push(document(page, draft.body, meta, { live: false, draft: true }, restriction));
  }
  return documents;
}
