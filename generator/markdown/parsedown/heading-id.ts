// A heading's id as Typemill makes it: `h-` + URLify slug of the whole line, hashes included.

import { slugify } from '../../php/slugify.ts';

/** Slugs are costly and each heading is seen twice (when the page is split and when it renders). */
const CACHE_LIMIT = 4096;
/** Ids by language, then by line: no key string is built per lookup. */
const caches = new Map<string, Map<string, string>>();

export function headingId(line: string, langattr: string): string {
  let cache = caches.get(langattr);
  if (cache === undefined) {
    caches.clear();
    cache = new Map();
    caches.set(langattr, cache);
  }
  let id = cache.get(line);
  if (id === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    id = `h-${slugify(line, langattr)}`;
    cache.set(line, id);
  }
  return id;
}
