// A kept term table only grows: the terms of edited and removed pages stay in it, in memory and in the count cache.
// Once most of it is such terms, the site's counts move to a new table that holds only the terms they use.
import type { CountedPage } from './page-search.ts';
import { createTermTable, packed } from './term-table.ts';
import type { TermTable } from './term-table.ts';

/** Unused terms tolerated whatever the site's size: renumbering costs a full rewrite of the shards. */
const UNUSED_ALLOWED = 10_000;

/** A table's length when its use was last counted: counted again only once it has doubled, so that a resident
 *  builder's step does not go through every page's ids each time (20 ms of a 40 ms step at 4,000 pages). */
const COUNTED_AT = new WeakMap<TermTable, number>();

/** The pages with their ids in a new table, numbered in the order the pages first use each term; undefined while the
 *  table's unused terms are no more than its used ones (or UNUSED_ALLOWED), or it has not doubled since last asked. */
export function renumberedPages(
  pages: readonly CountedPage[],
  table: TermTable,
): { pages: CountedPage[]; terms: TermTable } | undefined {
  const counted = COUNTED_AT.get(table);
  if (counted !== undefined && table.terms.length < 2 * counted) return undefined;
  COUNTED_AT.set(table, table.terms.length);
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
    documents: page.documents.map(({ document, counts, lead }) => ({
      document,
      counts: { ...counts, ids: packed([Array.from(counts.ids, newId)]) },
      lead,
    })),
  }));
  for (const [id, term] of renumbered.terms.entries()) renumbered.ids.set(term, id);
  COUNTED_AT.set(renumbered, renumbered.terms.length);
  return { pages: moved, terms: renumbered };
}
