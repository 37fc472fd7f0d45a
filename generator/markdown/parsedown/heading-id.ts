// A heading's id as Typemill makes it: `h-` + URLify slug of the whole line, hashes included.

import { slugify } from '../../php/slugify.ts';

/** Slugs are costly and each heading is seen twice (when the page is split and when it renders). */
const CACHE_LIMIT = 4096;
const cache = new Map<string, string>();

export function headingId(line: string, langattr: string): string {
  const key = `${langattr}\0${line}`;
  let id = cache.get(key);
  if (id === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    id = `h-${slugify(line, langattr)}`;
    cache.set(key, id);
  }
  return id;
}
