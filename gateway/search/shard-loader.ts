// Reads the sharded index (format 2): every shard parsed on its own (its garbage dies young), its pages put back in
// site
// order by their `after` links, and the site's statistics (document count, field lengths, document frequencies) summed
// over all shards before any term is scored, so scores are those of one index.
import { contentKeyOf, shardKey } from '../../contract/search/search-shards.ts';
import type { SearchDocument } from '../../contract/search/search-format.ts';
import type { LoadedEntry } from '../snapshot/snapshot-loader.ts';
import { count, fail, record, text } from './index-fields.ts';
import { FIELD_IDS, PostingCells, scorePostings } from './posting-builder.ts';
import type { PostingIndex } from './posting-builder.ts';
import { storedDocument } from './stored-documents.ts';

const FIELD_COUNT = FIELD_IDS.length;
/** Shard files read at once: enough to hide a read behind parsing, few enough to hold little. */
const READ_AHEAD = 8;

interface LoadedPage {
  after: string;
  url: string;
  /** Its documents' numbers in load order, consecutive. */
  first: number;
  count: number;
}

/** Documents and postings gathered in load order (shard by shard), before the site order is known. */
interface Gathered {
  documents: SearchDocument[];
  lengths: number[];
  pages: LoadedPage[];
  terms: string[];
  numbers: Map<string, number>;
  cells: PostingCells;
}

function gatherShard(value: unknown, shard: number, gathered: Gathered, entries: ReadonlyMap<string, LoadedEntry>) {
  const where = `shard ${shard}`;
  const fields = record(value, where);
  if (fields.shard !== shard) fail(where, `holds shard ${JSON.stringify(fields.shard)}`);
  const { documents: stored, lengths, terms, postings } = fields;
  if (!Array.isArray(stored) || !Array.isArray(lengths) || !Array.isArray(terms) || !Array.isArray(postings))
    fail(where, 'expected arrays documents, lengths, terms and postings');
  if (lengths.length !== stored.length * FIELD_COUNT) fail(`${where}.lengths`, `expected ${FIELD_COUNT} per document`);
  if (postings.length !== terms.length) fail(`${where}.postings`, 'expected one list per term');
  const first = gathered.documents.length;
  stored.forEach((item, local) => {
    const at = `${where}.documents[${local}]`;
    const document = record(item, at);
    const after = text(document.after, `${at}.after`);
    gathered.documents.push(storedDocument(document, at, (url, live) => contentKeyOf({ url, live }), entries));
    const url = gathered.documents.at(-1)!.url;
    const page = gathered.pages.at(-1);
    if (page !== undefined && page.url === url && page.first + page.count === first + local) {
      if (page.after !== after) fail(at, 'one page with two places in site order');
      page.count++;
    } else gathered.pages.push({ after, url, first: first + local, count: 1 });
  });
  for (const length of lengths) gathered.lengths.push(count(length, `${where}.lengths`));
  terms.forEach((term, position) => {
    const name = text(term, `${where}.terms[${position}]`);
    let number = gathered.numbers.get(name);
    if (number === undefined) {
      number = gathered.terms.push(name) - 1;
      gathered.numbers.set(name, number);
    }
    const list = postings[position];
    if (!Array.isArray(list) || list.length % (FIELD_COUNT + 1) !== 0)
      fail(`${where}.postings[${position}]`, `expected groups of ${FIELD_COUNT + 1} numbers`);
    for (let at = 0; at < list.length; at += FIELD_COUNT + 1) {
      const local = list[at];
      if (!Number.isInteger(local) || local < 0 || local >= stored.length)
        fail(`${where}.postings[${position}]`, `unknown document ${String(local)}`);
      for (let field = 1; field <= FIELD_COUNT; field++) count(list[at + field], `${where}.postings[${position}]`);
      gathered.cells.add(number, first + local, list as number[], at + 1);
    }
  });
}

/** Load order → site order: follows the pages' `after` links from the first page (after ''). */
function siteOrder(pages: readonly LoadedPage[], documentCount: number): Int32Array {
  const next = new Map<string, LoadedPage>();
  const urls = new Set<string>();
  for (const page of pages) {
    if (next.has(page.after)) fail('shards', `two pages follow "${page.after}" in site order`);
    if (urls.has(page.url)) fail('shards', `two pages have the URL "${page.url}"`);
    next.set(page.after, page);
    urls.add(page.url);
  }
  const order = new Int32Array(documentCount);
  let placed = 0;
  let visited = 0;
  for (let page = next.get(''); page !== undefined && visited < pages.length; page = next.get(page.url)) {
    visited++;
    for (let document = page.first; document < page.first + page.count; document++) order[document] = placed++;
  }
  if (visited !== pages.length) fail('shards', `${pages.length - visited} pages are not linked into the site order`);
  return order;
}

export interface ShardedIndex {
  documents: SearchDocument[];
  postings: PostingIndex;
}

/** A shard's body by its key (search-shards.ts shardKey). */
export type ReadShard = (key: string) => Promise<Buffer>;

/** Reads shards 0 … shardCount − 1 named by the root; `entries` must name every document's content body. */
export async function loadShards(
  shardCount: number,
  entries: ReadonlyMap<string, LoadedEntry>,
  read: ReadShard,
): Promise<ShardedIndex> {
  const shardKeys = Array.from({ length: shardCount }, (_, shard) => shardKey(shard));
  const gathered: Gathered = {
    documents: [],
    lengths: [],
    pages: [],
    terms: [],
    numbers: new Map(),
    cells: new PostingCells(),
  };
  const reads = new Map(shardKeys.slice(0, READ_AHEAD).map((entry, shard) => [shard, read(entry)]));
  for (let shard = 0; shard < shardCount; shard++) {
    const bytes = await reads.get(shard)!;
    reads.delete(shard);
    const next = shardKeys[shard + READ_AHEAD];
    if (next !== undefined) reads.set(shard + READ_AHEAD, read(next));
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      fail(`shard ${shard}`, error instanceof Error ? error.message : String(error));
    }
    gatherShard(value, shard, gathered, entries);
  }
  const documentCount = gathered.documents.length;
  const order = siteOrder(gathered.pages, documentCount);
  const documents = new Array<SearchDocument>(documentCount);
  const lengths = FIELD_IDS.map(() => new Float64Array(documentCount));
  for (let loaded = 0; loaded < documentCount; loaded++) {
    documents[order[loaded]!] = gathered.documents[loaded]!;
    for (let field = 0; field < FIELD_COUNT; field++)
      lengths[field]![order[loaded]!] = gathered.lengths[loaded * FIELD_COUNT + field]!;
  }
  // MiniSearch's running average, step for step in site order, so the floats are those of the single index.
  const averages = lengths.map((byDocument) => {
    let average = 0;
    for (let id = 0; id < documentCount; id++) average = (average * id + byDocument[id]!) / (id + 1);
    return average;
  });
  const { cells } = gathered;
  for (let cell = 0; cell < cells.count; cell++) cells.documents[cell] = order[cells.documents[cell]!]!;
  return { documents, postings: scorePostings(gathered.terms, cells, { documentCount, lengths, averages }) };
}
