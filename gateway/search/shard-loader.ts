// Reads the sharded index (format 2): every shard parsed on its own (its garbage dies young, and a reload keeps the
// shards whose file did not change), its pages put back in site order by their `after` links, and the site's
// statistics (document count, field lengths, document frequencies) summed over all shards before any term is scored,
// so scores are those of one index.
import { contentKeyOf, shardKey } from '../../contract/search/search-shards.ts';
import type { SearchDocument } from '../../contract/search/search-format.ts';
import type { LoadedEntry } from '../snapshot/model.ts';
import { count, fail, record, text } from './index-fields.ts';
import { FIELD_IDS, PostingCells, scorePostings } from './posting-builder.ts';
import type { PostingIndex } from './posting-builder.ts';
import { storedDocument } from './stored-documents.ts';
import { ContentKeyCheck } from './content-keys.ts';

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

/** One shard as read, its document numbers local: a reload keeps it while its body file is the same. */
export interface ParsedShard {
  /** The body file it was read from (named by the hash of its content). */
  file: string;
  documents: SearchDocument[];
  /** FIELD_COUNT numbers per document. */
  lengths: number[];
  pages: LoadedPage[];
  /** Its terms' texts by the number its cells use. */
  terms: string[];
  cells: PostingCells;
  /** Per document, its lead (search-lead.ts) as numbers in `terms`: document d's are leadTerms[leadStarts[d] …
   *  leadStarts[d + 1] − 1]. Flat, as a shard is held for the next reload: an array per document cost 3.8 MB at
   *  40,000 pages. */
  leadTerms: Int32Array;
  leadStarts: Uint32Array;
}

/** The cells a shard's postings hold, so its cell arrays are made once at their size (kept with the shard). */
function cellCount(postings: readonly unknown[]): number {
  let cells = 0;
  for (const list of postings) if (Array.isArray(list)) cells += Math.floor(list.length / (FIELD_COUNT + 1));
  return cells;
}

function flatLeads(leads: readonly unknown[], termCount: number, where: string) {
  const leadStarts = new Uint32Array(leads.length + 1);
  leads.forEach((lead, local) => {
    if (!Array.isArray(lead)) fail(`${where}.leads[${local}]`, 'expected an array');
    for (const number of lead)
      if (!Number.isInteger(number) || number < 0 || number >= termCount)
        fail(`${where}.leads[${local}]`, `unknown term ${String(number)}`);
    leadStarts[local + 1] = leadStarts[local]! + lead.length;
  });
  const leadTerms = new Int32Array(leadStarts[leads.length]!);
  for (const [local, lead] of leads.entries()) leadTerms.set(lead as number[], leadStarts[local]!);
  return { leadTerms, leadStarts };
}

/** `keys` gathers the content keys of its documents, checked once every shard is read. */
export function parseShard(value: unknown, shard: number, file: string, keys: ContentKeyCheck) {
  const where = `shard ${shard}`;
  const fields = record(value, where);
  if (fields.shard !== shard) fail(where, `holds shard ${JSON.stringify(fields.shard)}`);
  const { documents: stored, lengths, terms, postings, leads } = fields;
  if (!Array.isArray(stored) || !Array.isArray(lengths) || !Array.isArray(terms) || !Array.isArray(postings))
    fail(where, 'expected arrays documents, lengths, terms and postings');
  if (lengths.length !== stored.length * FIELD_COUNT) fail(`${where}.lengths`, `expected ${FIELD_COUNT} per document`);
  if (postings.length !== terms.length) fail(`${where}.postings`, 'expected one list per term');
  if (!Array.isArray(leads) || leads.length !== stored.length) fail(`${where}.leads`, 'expected one list per document');
  const parsed: ParsedShard = {
    file,
    documents: [],
    lengths: [],
    pages: [],
    terms: [],
    cells: new PostingCells(cellCount(postings)),
    ...flatLeads(leads, terms.length, where),
  };
  stored.forEach((item, local) => {
    const at = `${where}.documents[${local}]`;
    const document = record(item, at);
    const after = text(document.after, `${at}.after`);
    parsed.documents.push(storedDocument(document, at, (url, live) => contentKeyOf({ url, live }), keys.at(at)));
    const url = parsed.documents.at(-1)!.url;
    const page = parsed.pages.at(-1);
    if (page !== undefined && page.url === url && page.first + page.count === local) {
      if (page.after !== after) fail(at, 'one page with two places in site order');
      page.count++;
    } else parsed.pages.push({ after, url, first: local, count: 1 });
  });
  for (const length of lengths) parsed.lengths.push(count(length, `${where}.lengths`));
  terms.forEach((term, position) => {
    const name = text(term, `${where}.terms[${position}]`);
    const number = parsed.terms.push(name) - 1;
    const list = postings[position];
    if (!Array.isArray(list) || list.length % (FIELD_COUNT + 1) !== 0)
      fail(`${where}.postings[${position}]`, `expected groups of ${FIELD_COUNT + 1} numbers`);
    for (let at = 0; at < list.length; at += FIELD_COUNT + 1) {
      const local = list[at];
      if (!Number.isInteger(local) || local < 0 || local >= stored.length)
        fail(`${where}.postings[${position}]`, `unknown document ${String(local)}`);
      for (let field = 1; field <= FIELD_COUNT; field++) count(list[at + field], `${where}.postings[${position}]`);
      parsed.cells.add(number, local, list as number[], at + 1);
    }
  });
  return parsed;
}

/** Documents and postings of every shard in load order (shard by shard), before the site order is known. A term
 *  given twice in one shard keeps one number, as it did when shards were gathered into one table directly. */
function gather(shards: readonly ParsedShard[]) {
  const documents: SearchDocument[] = [];
  const lengths: number[] = [];
  const pages: LoadedPage[] = [];
  const terms: string[] = [];
  const numbers = new Map<string, number>();
  const cells = new PostingCells(shards.reduce((sum, shard) => sum + shard.cells.count, 0));
  const leads: number[][] = [];
  for (const shard of shards) {
    const first = documents.length;
    for (const document of shard.documents) documents.push(document);
    for (const length of shard.lengths) lengths.push(length);
    for (const page of shard.pages) pages.push({ ...page, first: first + page.first });
    const global = Int32Array.from(shard.terms, (name) => {
      let number = numbers.get(name);
      if (number === undefined) {
        number = terms.push(name) - 1;
        numbers.set(name, number);
      }
      return number;
    });
    const { leadTerms, leadStarts } = shard;
    for (let local = 0; local + 1 < leadStarts.length; local++) {
      const lead: number[] = [];
      for (let at = leadStarts[local]!; at < leadStarts[local + 1]!; at++) lead.push(global[leadTerms[at]!]!);
      leads.push(lead);
    }
    const local = shard.cells;
    for (let cell = 0; cell < local.count; cell++)
      cells.add(global[local.terms[cell]!]!, first + local.documents[cell]!, local.occurrences, cell * FIELD_COUNT);
  }
  return { documents, lengths, pages, terms, cells, leads };
}

/** A page's `after` made the very string of the URL it names, which its documents hold anyway: the shards are kept
 *  for the next reload, and a copy per page cost about 2.5 MB at 40,000 pages. */
function shareAfterUrls(shards: readonly ParsedShard[]): void {
  const urls = new Map<string, string>();
  for (const shard of shards) for (const page of shard.pages) urls.set(page.url, page.url);
  for (const shard of shards) for (const page of shard.pages) page.after = urls.get(page.after) ?? page.after;
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
  /** Per document, its lead (search-lead.ts) as term numbers of `postings`. */
  leads: number[][];
  /** Every shard as read, by number: what the next reload may keep. */
  parsed: ParsedShard[];
  /** Shards read and parsed by this load (the others were kept). */
  parsedCount: number;
  /** Load order → site order. */
  order: Int32Array;
  /** Every shard has the pages, URLs and slugs it had in the load before: its site order and folders still hold. */
  sameLayout: boolean;
}

/** The same pages in the same places, each document with the same URL and slug: a page's text or title edited. */
function sameLayoutAs(shard: ParsedShard, before: ParsedShard): boolean {
  if (shard === before) return true;
  const same = <T>(left: readonly T[], right: readonly T[], equal: (one: T, other: T) => boolean) =>
    left.length === right.length && left.every((item, at) => equal(item, right[at]!));
  return (
    same(
      shard.pages,
      before.pages,
      (one, other) =>
        one.after === other.after && one.url === other.url && one.first === other.first && one.count === other.count,
    ) && same(shard.documents, before.documents, (one, other) => one.url === other.url && one.slug === other.slug)
  );
}

/** A shard's body by its key (search-shards.ts shardKey). */
export type ReadShard = (key: string) => Promise<Buffer>;

function parseBytes(bytes: Buffer, shard: number): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    fail(`shard ${shard}`, error instanceof Error ? error.message : String(error));
  }
}

/** A kept shard's documents must still name content entries of the snapshot, as a fresh read would check. `removed`:
 *  the keys the snapshot before had and this one lacks, when known; they were all checked against it. */
function checkKept(
  shard: ParsedShard,
  number: number,
  keys: ContentKeyCheck,
  removed: ReadonlySet<string> | undefined,
): ParsedShard {
  shard.documents.forEach((document, local) => {
    const at = `shard ${number}.documents[${local}]`;
    if (removed === undefined) keys.at(at).has(document.key);
    else if (removed.has(document.key)) fail(`${at}.key`, `"${document.key}" is no content entry of the snapshot`);
  });
  return shard;
}

/** The content keys the shard read before at the same number had, less those the changed index shards lost. */
function trustedKeys(before: ParsedShard | undefined, removed: ReadonlySet<string> | undefined) {
  if (before === undefined || removed === undefined) return undefined;
  return new Set(before.documents.flatMap((document) => (removed.has(document.key) ? [] : [document.key])));
}

/** Reads shards 0 … shardCount − 1 named by the root; `entries` must name every document's content body. A shard
 *  whose body file is the one `previous` read at the same number is taken from it. */
export async function loadShards(
  shardCount: number,
  entries: ReadonlyMap<string, LoadedEntry>,
  read: ReadShard,
  before?: Pick<ShardedIndex, 'parsed' | 'order'> & { removedKeys?: ReadonlySet<string> },
  checkKeys = true,
): Promise<ShardedIndex> {
  const previous = before?.parsed ?? [];
  const shardKeys = Array.from({ length: shardCount }, (_, shard) => shardKey(shard));
  const files = shardKeys.map((key) => entries.get(key)?.identity.file ?? '');
  const keep = (shard: number) =>
    previous.length === shardCount && files[shard] !== '' && previous[shard]?.file === files[shard];
  const toRead = shardKeys.flatMap((key, shard) => (keep(shard) ? [] : [[shard, key] as const]));
  const reads = new Map(toRead.slice(0, READ_AHEAD).map(([shard, key]) => [shard, read(key)]));
  const parsed: ParsedShard[] = [];
  const keys = new ContentKeyCheck();
  let readCount = 0;
  for (let shard = 0; shard < shardCount; shard++) {
    if (keep(shard)) {
      parsed.push(checkKept(previous[shard]!, shard, keys, before?.removedKeys));
      continue;
    }
    const bytes = await reads.get(shard)!;
    reads.delete(shard);
    const next = toRead[readCount + READ_AHEAD];
    readCount++;
    if (next !== undefined) reads.set(next[0], read(next[1]));
    keys.trust(trustedKeys(previous.length === shardCount ? previous[shard] : undefined, before?.removedKeys));
    parsed.push(parseShard(parseBytes(bytes, shard), shard, files[shard]!, keys));
  }
  if (checkKeys) keys.check(entries);
  const gathered = gather(parsed);
  const documentCount = gathered.documents.length;
  const sameLayout =
    before !== undefined &&
    previous.length === shardCount &&
    parsed.every((shard, at) => sameLayoutAs(shard, previous[at]!));
  const order = sameLayout ? before.order : siteOrder(gathered.pages, documentCount);
  shareAfterUrls(parsed);
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
  const postings = scorePostings(gathered.terms, cells, { documentCount, lengths, averages });
  const sortedNumber = Int32Array.from(gathered.terms, (term) => postings.terms.get(term)!);
  const leads = new Array<number[]>(documentCount);
  for (let loaded = 0; loaded < documentCount; loaded++)
    leads[order[loaded]!] = gathered.leads[loaded]!.map((number) => sortedNumber[number]!);
  return { documents, postings, leads, parsed, parsedCount: toRead.length, order, sameLayout };
}
