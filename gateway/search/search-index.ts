// Loads a snapshot's search index (a root naming its shards): the documents, the scored postings, and what a query
// needs besides. A snapshot of an older search format is refused with a message to rebuild it.
import { readFile } from 'node:fs/promises';
import { readStoredBody } from '../snapshot/body-store.ts';
import type { LoadedEntry } from '../snapshot/model.ts';
import { sectionsOf } from '../../contract/search/content-sections.ts';
import type { SearchDocument } from '../../contract/search/search-format.ts';
import { SHARDED_FORMAT } from '../../contract/search/search-shards.ts';
import { languageTools } from '../../contract/search/search-terms.ts';
import { createAnswerCache } from './answer-cache.ts';
import type { AnswerCache } from './answer-cache.ts';
import { count, fail, record, text } from './index-fields.ts';
import type { MatchIndex } from './match-query.ts';
import { pageText, pageTextWeight } from './page-text.ts';
import type { PageText } from './page-text.ts';
import type { PostingIndex } from './posting-builder.ts';
import { createRecentMap } from './recent-map.ts';
import { loadShards } from './shard-loader.ts';
import { siteSynonyms } from './index-extras.ts';
import type { ParsedShard, ReadShard } from './shard-loader.ts';
import { createVisibility } from './visibility.ts';
import type { Visibility } from './visibility.ts';
import { titleIndex, wordOrder } from './word-order.ts';

export interface SearchIndex extends MatchIndex {
  documents: readonly SearchDocument[];
  /** The documents a caller may find, per variant. */
  visibility: Visibility;
  /** A document's text by section, for snippets: cut from its content body (the same bytes article/content serves). */
  text(id: number): Promise<PageText>;
  /** Answers of this snapshot's index, made and dropped with it. */
  answers: AnswerCache;
  /** A sharded index's shards as read and their site order, which the next reload keeps where they are the same. */
  shards?: ParsedShard[];
  order?: Int32Array;
  /** Shards this load read and parsed, and how many there are (0 for an index in one piece). */
  shardsParsed?: number;
  shardCount?: number;
}

/** Characters of page text kept per snapshot, the most recently used (results of popular queries) first: about 80 MB
 *  holds every page of a 4,000-page site with 10 KB of text each; the bodies themselves are in the body store's budget.
 *  */
const PAGE_TEXT_CHARACTERS = 96_000_000;

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

/** Per document, the documents of the pages whose URL is a folder above its URL; the home page (slug '') is left out.
 *  Pages in one folder share one list. */
export function folderAncestors(documents: readonly SearchDocument[]): number[][] {
  const byUrl = new Map<string, number[]>();
  for (const [id, document] of documents.entries()) {
    if (document.slug === '') continue;
    const same = byUrl.get(document.url);
    if (same === undefined) byUrl.set(document.url, [id]);
    else same.push(id);
  }
  const byFolder = new Map<string, number[]>();
  return documents.map(({ url }) => {
    const folder = url.slice(0, Math.max(0, url.lastIndexOf('/')));
    let ancestors = byFolder.get(folder);
    if (ancestors === undefined) {
      ancestors = [];
      for (let end = url.lastIndexOf('/'); end > 0; end = url.lastIndexOf('/', end - 1))
        ancestors.push(...(byUrl.get(url.slice(0, end)) ?? []));
      byFolder.set(folder, ancestors);
    }
    return ancestors;
  });
}

/** A searchable index of `documents` and their scored postings, with the site's synonyms and snippet text. */
export async function searchIndexOf(
  documents: SearchDocument[],
  postings: PostingIndex,
  language: string,
  commonTerms: Set<string>,
  entries: ReadonlyMap<string, LoadedEntry>,
  ancestors: ReadonlyArray<readonly number[]> = folderAncestors(documents),
  leads?: ReadonlyArray<readonly number[]>,
): Promise<SearchIndex> {
  const tools = await languageTools(language);
  const titles = documents.map((document) => document.title);
  return {
    documents,
    postings,
    wordOrder: wordOrder(titles, leads, postings, tools),
    titles: titleIndex(titles),
    synonyms: await siteSynonyms(entries),
    tools,
    commonTerms,
    ancestors,
    visibility: createVisibility(documents),
    text: textReader(documents, entries),
    answers: createAnswerCache(),
  };
}

export function commonTermsOf(value: unknown): Set<string> {
  if (!Array.isArray(value)) fail('commonTerms', 'expected an array of strings');
  return new Set(value.map((term, position) => text(term, `commonTerms[${position}]`)));
}

/** A shard's bytes, read for the load only: kept by nothing, so the body store's memory budget is not spent on them. */
function shardReader(entries: ReadonlyMap<string, LoadedEntry>): ReadShard {
  return async (key) => {
    const identity = entries.get(key)?.identity;
    if (identity === undefined) fail('shards', `no entry ${key} in the snapshot`);
    const bytes = await readFile(identity.path);
    if (bytes.length !== identity.size)
      throw new Error(`${identity.file}: index says ${identity.size} bytes, file has ${bytes.length}`);
    return bytes;
  };
}

/** The sharded index from its root (format 2); the shards of `previous` whose body file is the same are kept. */
export async function loadShardedIndex(
  root: unknown,
  entries: ReadonlyMap<string, LoadedEntry>,
  read: ReadShard = shardReader(entries),
  previous?: SearchIndex,
  removedKeys?: ReadonlySet<string>,
  checkKeys = true,
): Promise<SearchIndex> {
  const fields = record(root, 'root');
  if (fields.format !== SHARDED_FORMAT)
    fail(
      'format',
      `expected ${SHARDED_FORMAT}, got ${JSON.stringify(fields.format)}: rebuild the snapshot with this version of snapi`,
    );
  const shardCount = count(fields.shardCount, 'shardCount');
  if (shardCount === 0 || (shardCount & (shardCount - 1)) !== 0) fail('shardCount', 'expected a power of two');
  const language = text(fields.language, 'language');
  const commonTerms = commonTermsOf(fields.commonTerms);
  const before =
    previous?.shards === undefined || previous.order === undefined
      ? undefined
      : { parsed: previous.shards, order: previous.order, ...(removedKeys === undefined ? {} : { removedKeys }) };
  const loaded = await loadShards(shardCount, entries, read, before, checkKeys);
  // Folder ancestors follow from the documents' URLs and slugs alone, which the same layout keeps.
  const ancestors = loaded.sameLayout && previous !== undefined ? previous.ancestors : undefined;
  const index = await searchIndexOf(
    loaded.documents,
    loaded.postings,
    language,
    commonTerms,
    entries,
    ancestors,
    loaded.leads,
  );
  return { ...index, shards: loaded.parsed, order: loaded.order, shardsParsed: loaded.parsedCount, shardCount };
}

/** Reads the index file named by the snapshot index (a path from the index, never from a request); a sharded index's
 *  root names its shards, which are entries of the same snapshot. `previous`: the index of the snapshot served
 *  before, whose unchanged shards are kept; `removedKeys`: the keys that snapshot had and this one lacks. Without
 *  `checkKeys` (a start), the documents' content entries are not looked up: that would parse every index shard
 *  (docs/decisions.md: Index shards are parsed on first use). */
export async function loadSearchIndex(
  path: string,
  entries: ReadonlyMap<string, LoadedEntry>,
  previous?: SearchIndex,
  removedKeys?: ReadonlySet<string>,
  checkKeys = true,
): Promise<SearchIndex> {
  const bytes = await readFile(path);
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return loadShardedIndex(value, entries, shardReader(entries), previous, removedKeys, checkKeys);
}
