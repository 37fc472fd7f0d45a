// `npx tsx test/bench/search-compare.ts [DIST] [PAGES]`: MiniSearch (used), lunr, FlexSearch and Orama on the same
// pages — build, size, latency, quality.
// DIST defaults to the snapshot search-bench.ts builds; the documents come from its search index.
import { join } from 'node:path';
import lunr from 'lunr';
import { Document } from 'flexsearch';
import { create, insertMultiple, save, search as oramaSearch } from '@orama/orama';
import { loadSnapshot } from '../../gateway/snapshot/snapshot-loader.ts';
import type { AsPlainObject } from 'minisearch';
import { indexedFields } from '../../contract/search/search-format.ts';
import { folderAncestors } from '../../gateway/search/search-index.ts';
import { postingIndex } from '../search/minisearch-postings.ts';
import { pageText } from '../../gateway/search/page-text.ts';
import { createVisibility } from '../../gateway/search/visibility.ts';
import type { IndexedFields } from '../../contract/search/search-format.ts';
import { runSearch } from '../../gateway/search/run-search.ts';
import { languageTools } from '../../contract/search/search-terms.ts';
import { createAnswerCache } from '../../gateway/search/answer-cache.ts';
import { buildSearchIndex } from '../../generator/search/build-search-index.ts';
import { PROJECT_ROOT } from './build-bench.ts';
import { percentile, withTypo } from './search-figures.ts';

interface Contender {
  name: string;
  /** Builds the index; returns its serialised size in bytes and a search giving the top-3 ids. */
  build(fields: IndexedFields[]): Promise<{ bytes: number; top3: (query: string) => Promise<number[]> | number[] }>;
}

const WORDS = /[\p{L}\p{N}]+/gu;
const wordsOf = (text: string) => text.match(WORDS) ?? [];

const CONTENDERS: Contender[] = [
  {
    name: 'snapi (MiniSearch 7.2.0 index format, own query path; stems, stop words, common terms in titles only)',
    async build(fields) {
      const documents = fields.map((field) => ({
        document: { url: String(field.id), title: field.title, slug: '', live: true, draft: true, key: '' },
        sections: [[field.headings, field.text] as [string, string]],
      }));
      const text = JSON.stringify(await buildSearchIndex(documents, 'en'));
      const stored = JSON.parse(text) as { language: string; commonTerms: string[]; index: AsPlainObject };
      const tools = await languageTools(stored.language);
      const storedDocuments = documents.map(({ document }) => document);
      // Ranking only: snippets come from content bodies and are the same whichever library ranks.
      const index = {
        documents: storedDocuments,
        postings: postingIndex(stored.index, storedDocuments.length),
        tools,
        commonTerms: new Set(stored.commonTerms),
        ancestors: folderAncestors(storedDocuments),
        visibility: createVisibility(storedDocuments),
        text: async () => pageText([]),
        answers: createAnswerCache(),
      };
      const user = { username: 'bench', role: 'administrator' };
      return {
        bytes: text.length,
        top3: async (query) =>
          (
            await runSearch(index, { query, words: wordsOf(query), draft: false, limit: 3, offset: 0 }, user)
          ).results.map((result) => Number(result.url)),
      };
    },
  },
  {
    name: 'lunr 2.3.9 (English stemmer and stop words built in)',
    async build(fields) {
      const index = lunr(function () {
        this.ref('id');
        this.field('title', { boost: 4 });
        this.field('headings', { boost: 2 });
        this.field('text');
        for (const field of fields) this.add(field);
      });
      return {
        bytes: JSON.stringify(index).length,
        top3: (query) => {
          const terms = wordsOf(query.toLowerCase());
          const results = index.query((builder) =>
            terms.forEach((term, position) => {
              builder.term(term, { editDistance: term.length >= 5 ? 1 : 0 });
              if (position === terms.length - 1) builder.term(term, { wildcard: lunr.Query.wildcard.TRAILING });
            }),
          );
          return results.slice(0, 3).map((result) => Number(result.ref));
        },
      };
    },
  },
  {
    name: 'FlexSearch 0.8.212 (forward tokenizer; no edit-distance typos)',
    async build(fields) {
      const index = new Document<IndexedFields & Record<string, string | number>>({
        document: { id: 'id', index: ['title', 'headings', 'text'] },
        tokenize: 'forward',
      });
      for (const field of fields) index.add({ ...field });
      let bytes = 0;
      await index.export(async (key, data) => {
        bytes += key.length + (typeof data === 'string' ? data.length : JSON.stringify(data ?? '').length);
      });
      return {
        bytes,
        top3: (query) => {
          // Per-field result lists, merged in field order (title first): FlexSearch returns no scores to combine.
          const lists = index.search(query, { limit: 3, suggest: true }) as unknown as Array<{
            result: Array<number | string>;
          }>;
          return [...new Set(lists.flatMap((list) => list.result.map(Number)))].slice(0, 3);
        },
      };
    },
  },
  {
    name: 'Orama 3.1.18 (tolerance 1, English stemming off by default)',
    async build(fields) {
      const database = create({ schema: { title: 'string', headings: 'string', text: 'string' } as const });
      await insertMultiple(database, fields.map((field) => ({ ...field, id: String(field.id) })) as never);
      return {
        bytes: JSON.stringify(save(database)).length,
        top3: async (query) => {
          const results = await oramaSearch(database, {
            term: query,
            tolerance: query.length >= 5 ? 1 : 0,
            boost: { title: 4, headings: 2 },
            limit: 3,
          } as never);
          return (results as { hits: Array<{ id: string }> }).hits.map((hit) => Number(hit.id));
        },
      };
    },
  },
];

const dist = process.argv[2] ?? join(PROJECT_ROOT, 'test', '.tmp', 'search-bench', 'dist');
/** Pages compared (the first ones of the site): all four libraries on all 4,000 pages would take most of an hour here.
 *  */
const PAGES = Number(process.argv[3] ?? 1000);
const { snapshot } = await loadSnapshot(dist, { lookup: async () => [] });
const search = snapshot.search;
if (search === undefined) throw new Error(`no search index in ${dist}`);
const fields: IndexedFields[] = [];
for (const [id, document] of search.documents.entries()) {
  if (document.live && fields.length < PAGES)
    fields.push(indexedFields(document.title, (await search.text(id)).sections, fields.length));
}
console.log(`${fields.length} published pages from ${dist}\n`);
console.log(
  '| library | build ms | index bytes | p50 ms | p99 ms | title top 3 | one-typo title top 3 |\n|---|---|---|---|---|---|---|',
);
for (const contender of CONTENDERS) {
  const started = performance.now();
  const built = await contender.build(fields);
  const buildMs = performance.now() - started;
  const times: number[] = [];
  const share = async (make: (title: string) => string) => {
    let found = 0;
    for (const field of fields) {
      const queryStarted = performance.now();
      const ids = await built.top3(make(field.title));
      times.push(performance.now() - queryStarted);
      if (ids.includes(field.id)) found++;
    }
    return found / fields.length;
  };
  const title = await share((text) => text);
  const typo = await share(withTypo);
  const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
  console.log(
    `| ${contender.name} | ${buildMs.toFixed(0)} | ${built.bytes} | ${percentile(times, 0.5).toFixed(2)} | ${percentile(times, 0.99).toFixed(2)} | ${percent(title)} | ${percent(typo)} |`,
  );
}
