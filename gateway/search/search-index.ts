// Loads a snapshot's search index: validates the stored documents and revives the MiniSearch index with the shared
// options.
import { readFile } from 'node:fs/promises';
import { readStoredBody } from '../snapshot/body-store.ts';
import type { Restriction } from '../../contract/snapshot.ts';
import type { LoadedEntry } from '../snapshot/snapshot-loader.ts';
import { sectionsOf } from '../../contract/search/content-sections.ts';
import { createAnswerCache } from './answer-cache.ts';
import { createRecentMap } from './recent-map.ts';
import type { AnswerCache } from './answer-cache.ts';
import type { MatchIndex } from './match-query.ts';
import { SEARCH_FORMAT } from '../../contract/search/search-format.ts';
import type { SearchDocument } from '../../contract/search/search-format.ts';
import { pageText, pageTextWeight } from './page-text.ts';
import type { PageText } from './page-text.ts';
import { languageTools } from '../../contract/search/search-terms.ts';
import { postingIndex } from './term-postings.ts';
import { createVisibility } from './visibility.ts';
import type { Visibility } from './visibility.ts';
import { fail, record, text } from './index-fields.ts';

export interface SearchIndex extends MatchIndex {
  documents: readonly SearchDocument[];
  /** The documents a caller may find, per variant. */
  visibility: Visibility;
  /** A document's text by section, for snippets: cut from its content body (the same bytes article/content serves). */
  text(id: number): Promise<PageText>;
  /** Answers of this snapshot's index, made and dropped with it. */
  answers: AnswerCache;
}

/** Characters of page text kept per snapshot, the most recently used (results of popular queries) first: about 80 MB
 *  holds every page of a 4,000-page site with 10 KB of text each; the bodies themselves are in the body store's budget. */
const PAGE_TEXT_CHARACTERS = 96_000_000;

function restrictionOf(value: unknown, where: string): Restriction | undefined {
  if (value === undefined) return undefined;
  const fields = record(value, where);
  const users = fields.users;
  if (users !== undefined && (!Array.isArray(users) || users.some((user) => typeof user !== 'string')))
    fail(`${where}.users`, 'expected an array of strings');
  return {
    ...(fields.role === undefined ? {} : { role: text(fields.role, `${where}.role`) }),
    ...(users === undefined ? {} : { users: users as string[] }),
  };
}

function searchDocument(value: unknown, position: number, entries: ReadonlyMap<string, LoadedEntry>): SearchDocument {
  const where = `documents[${position}]`;
  const fields = record(value, where);
  if (typeof fields.live !== 'boolean' || typeof fields.draft !== 'boolean')
    fail(where, 'expected boolean live and draft');
  const key = text(fields.key, `${where}.key`);
  if (!key.startsWith('content:') || !entries.has(key))
    fail(`${where}.key`, `"${key}" is no content entry of the snapshot`);
  const restriction = restrictionOf(fields.restriction, `${where}.restriction`);
  return {
    url: text(fields.url, `${where}.url`),
    title: text(fields.title, `${where}.title`),
    slug: text(fields.slug, `${where}.slug`),
    live: fields.live,
    draft: fields.draft,
    ...(restriction ? { restriction } : {}),
    key,
  };
}

function textReader(
  documents: readonly SearchDocument[],
  entries: ReadonlyMap<string, LoadedEntry>,
): SearchIndex['text'] {
  const cache = createRecentMap<number, PageText>(PAGE_TEXT_CHARACTERS, pageTextWeight);
  return async (id) => {
    const known = cache.get(id);
    if (known !== undefined) return known;
    const entry = entries.get(documents[id]?.key ?? '');
    if (entry === undefined) return pageText([]);
    const text = pageText(sectionsOf((await readStoredBody(entry.identity)).toString('utf8')));
    cache.set(id, text);
    return text;
  };
}

/** Per document, the documents of the pages whose URL is a folder above its URL; the home page (slug '') is left out. */
export function folderAncestors(documents: readonly SearchDocument[]): number[][] {
  const byUrl = new Map<string, number[]>();
  for (const [id, document] of documents.entries()) {
    if (document.slug !== '') byUrl.set(document.url, [...(byUrl.get(document.url) ?? []), id]);
  }
  return documents.map(({ url }) => {
    const ancestors: number[] = [];
    for (let end = url.lastIndexOf('/'); end > 0; end = url.lastIndexOf('/', end - 1))
      ancestors.push(...(byUrl.get(url.slice(0, end)) ?? []));
    return ancestors;
  });
}

/** `entries`: the snapshot's entries, which every document's content key must name. */
export async function parseSearchIndex(
  value: unknown,
  entries: ReadonlyMap<string, LoadedEntry>,
): Promise<SearchIndex> {
  const fields = record(value, 'file');
  if (fields.format !== SEARCH_FORMAT)
    fail('format', `expected ${SEARCH_FORMAT}, got ${JSON.stringify(fields.format)}`);
  if (!Array.isArray(fields.documents)) fail('documents', 'expected an array');
  const documents = fields.documents.map((item, position) => searchDocument(item, position, entries));
  const tools = await languageTools(text(fields.language, 'language'));
  if (!Array.isArray(fields.commonTerms)) fail('commonTerms', 'expected an array of strings');
  const commonTerms = new Set(fields.commonTerms.map((term, position) => text(term, `commonTerms[${position}]`)));
  const postings = postingIndex(fields.index, documents.length);
  return {
    documents,
    postings,
    tools,
    commonTerms,
    ancestors: folderAncestors(documents),
    visibility: createVisibility(documents),
    text: textReader(documents, entries),
    answers: createAnswerCache(),
  };
}

/** Reads the index file named by the snapshot index (a path from the index, never from a request). */
export async function loadSearchIndex(path: string, entries: ReadonlyMap<string, LoadedEntry>): Promise<SearchIndex> {
  const bytes = await readFile(path);
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return parseSearchIndex(value, entries);
}
