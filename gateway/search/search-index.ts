// Loads a snapshot's search index: validates the stored documents and revives the MiniSearch index with the shared options.
import { readFile } from 'node:fs/promises';
import MiniSearch from 'minisearch';
import type { AsPlainObject } from 'minisearch';
import { readStoredBody } from '../snapshot/body-store.ts';
import type { Restriction } from '../../contract/snapshot.ts';
import type { LoadedEntry } from '../snapshot/snapshot-loader.ts';
import { sectionsOf } from './content-sections.ts';
import { createAnswerCache } from './answer-cache.ts';
import { createRecentMap } from './recent-map.ts';
import { prepareSections } from './snippet.ts';
import type { PreparedSection } from './snippet.ts';
import type { AnswerCache } from './answer-cache.ts';
import { SEARCH_FORMAT, miniSearchOptions } from './search-format.ts';
import type { IndexedFields, SearchDocument } from './search-format.ts';
import { languageTools } from './search-terms.ts';
import type { LanguageTools } from './search-terms.ts';

export interface SearchIndex {
  documents: readonly SearchDocument[];
  miniSearch: MiniSearch<IndexedFields>;
  tools: LanguageTools;
  /** A document's text by section, for snippets: cut from its content body (the same bytes article/content serves). */
  sections(id: number): Promise<PreparedSection[]>;
  /** Answers of this snapshot's index, made and dropped with it. */
  answers: AnswerCache;
}

/** Parsed sections kept per snapshot, the most recently used first (results of popular queries); the bodies themselves
 *  are in the body store's memory budget. */
const SECTION_CACHE_ENTRIES = 2000;

type Json = Record<string, unknown>;

function fail(where: string, problem: string): never {
  throw new Error(`search index ${where}: ${problem}`);
}

function record(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(where, 'expected an object');
  return value as Json;
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string') fail(where, 'expected a string');
  return value;
}

function restrictionOf(value: unknown, where: string): Restriction | undefined {
  if (value === undefined) return undefined;
  const fields = record(value, where);
  const users = fields.users;
  if (users !== undefined && (!Array.isArray(users) || users.some((user) => typeof user !== 'string'))) fail(`${where}.users`, 'expected an array of strings');
  return {
    ...(fields.role === undefined ? {} : { role: text(fields.role, `${where}.role`) }),
    ...(users === undefined ? {} : { users: users as string[] }),
  };
}

function searchDocument(value: unknown, position: number, entries: ReadonlyMap<string, LoadedEntry>): SearchDocument {
  const where = `documents[${position}]`;
  const fields = record(value, where);
  if (typeof fields.live !== 'boolean' || typeof fields.draft !== 'boolean') fail(where, 'expected boolean live and draft');
  const key = text(fields.key, `${where}.key`);
  if (!key.startsWith('content:') || !entries.has(key)) fail(`${where}.key`, `"${key}" is no content entry of the snapshot`);
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

function sectionReader(documents: readonly SearchDocument[], entries: ReadonlyMap<string, LoadedEntry>, tools: LanguageTools): SearchIndex['sections'] {
  const cache = createRecentMap<number, PreparedSection[]>(SECTION_CACHE_ENTRIES);
  return async (id) => {
    const known = cache.get(id);
    if (known !== undefined) return known;
    const entry = entries.get(documents[id]?.key ?? '');
    if (entry === undefined) return [];
    const sections = prepareSections(sectionsOf((await readStoredBody(entry.identity)).toString('utf8')), tools);
    cache.set(id, sections);
    return sections;
  };
}

/** `entries`: the snapshot's entries, which every document's content key must name. */
export async function parseSearchIndex(value: unknown, entries: ReadonlyMap<string, LoadedEntry>): Promise<SearchIndex> {
  const fields = record(value, 'file');
  if (fields.format !== SEARCH_FORMAT) fail('format', `expected ${SEARCH_FORMAT}, got ${JSON.stringify(fields.format)}`);
  if (!Array.isArray(fields.documents)) fail('documents', 'expected an array');
  const documents = fields.documents.map((item, position) => searchDocument(item, position, entries));
  const tools = await languageTools(text(fields.language, 'language'));
  if (!Array.isArray(fields.commonTerms)) fail('commonTerms', 'expected an array of strings');
  const commonTerms = new Set(fields.commonTerms.map((term, position) => text(term, `commonTerms[${position}]`)));
  const miniSearch = MiniSearch.loadJS(record(fields.index, 'index') as unknown as AsPlainObject, miniSearchOptions(tools, commonTerms));
  if (miniSearch.documentCount !== documents.length) fail('index', `holds ${miniSearch.documentCount} documents, the list ${documents.length}`);
  return { documents, miniSearch, tools, sections: sectionReader(documents, entries, tools), answers: createAnswerCache() };
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
