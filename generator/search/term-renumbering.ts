// A kept term table only grows: the terms of edited and removed pages stay in it, in memory and in the count cache.
// Once most of it is such terms, the site's counts move to a new table that holds only the terms they use.
import type { CountedPage } from './page-search.ts';
import { createTermTable, packed } from './term-table.ts';
import type { TermTable } from './term-table.ts';

/** Unused terms tolerated whatever the site's size: renumbering costs a full rewrite of the shards. */
const UNUSED_ALLOWED = 10_000;

/** The pages with their ids in a new table, numbered in the order the pages first use each term; undefined while the
 *  table's unused terms are no more than its used ones (or UNUSED_ALLOWED). */
export function renumberedPages(
  pages: readonly CountedPage[],
  table: TermTable,
): { pages: CountedPage[]; terms: TermTable } | undefined {
  const used = new Uint8Array(table.terms.length);
  let usedCount = 0;
  for (const page of pages)
    for (const { counts } of page.documents)
      for (const id of counts.ids)
        if (used[id] === 0) {
          used[id] = 1;
          usedCount++;
        }
  if (table.terms.length - usedCount <= Math.max(usedCount, UNUSED_ALLOWED)) return undefined;
  const renumbered = createTermTable();
  const newIds = new Int32Array(table.terms.length).fill(-1);
  const newId = (id: number) => {
    if (newIds[id] === -1) newIds[id] = renumbered.terms.push(table.terms[id]!) - 1;
    return newIds[id]!;
  };
  const moved = pages.map((page) => ({
    url: page.url,
    terms: renumbered,
    documents: page.documents.map(({ document, counts }) => ({
      document,
      counts: { ...counts, ids: packed([Array.from(counts.ids, newId)]) },
    })),
  }));
  for (const [id, term] of renumbered.terms.entries()) renumbered.ids.set(term, id);
  return { pages: moved, terms: renumbered };
}
