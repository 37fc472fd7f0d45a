// What a loaded index takes from the snapshot besides the index itself: the synonyms of the site's settings, and the
// leads of a single-body index (which stores none) from the content bodies.
import { readFile } from 'node:fs/promises';
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import { sectionsOf } from '../../contract/search/content-sections.ts';
import type { SearchDocument } from '../../contract/search/search-format.ts';
import { LEAD_WORDS, firstWords, leadOf } from '../../contract/search/search-lead.ts';
import type { LanguageTools } from '../../contract/search/search-terms.ts';
import { readStoredBody } from '../snapshot/body-store.ts';
import type { LoadedEntry } from '../snapshot/model.ts';
import type { PostingIndex } from './posting-builder.ts';
import { SYNONYMS_SETTING, synonymsOf } from './site-synonyms.ts';
import type { Synonyms } from './site-synonyms.ts';

/** The synonyms of the site's settings (the settings entry the snapshot serves); none when it has none. The file is
 *  read, not kept: loading an index takes no share of the memory budget that answers fill. */
export async function siteSynonyms(entries: ReadonlyMap<string, LoadedEntry>): Promise<Synonyms> {
  const entry = entries.get(keyOf(KEYS.settings));
  if (entry === undefined) return [];
  try {
    const body = JSON.parse(await readFile(entry.identity.path, 'utf8')) as { settings?: unknown };
    const settings = body.settings;
    return typeof settings === 'object' && settings !== null
      ? synonymsOf((settings as Record<string, unknown>)[SYNONYMS_SETTING])
      : [];
  } catch {
    return [];
  }
}

/** A single-body index (MiniSearch's form, which has no leads) gets each document's lead from its content body, as the
 *  build makes it: the reference the shards are tested against must rank as they do. */
export async function bodyLeads(
  documents: readonly SearchDocument[],
  entries: ReadonlyMap<string, LoadedEntry>,
  postings: PostingIndex,
  tools: LanguageTools,
): Promise<number[][]> {
  return Promise.all(
    documents.map(async (document) => {
      // Checked by the caller to be an entry; one without a body file (a test's stand-in) has no lead.
      const entry = entries.get(document.key);
      if (entry?.identity === undefined) return [];
      const sections = sectionsOf((await readStoredBody(entry.identity)).toString('utf8'));
      const words = firstWords(sections.map(([, text]) => text).join('\n'), LEAD_WORDS);
      return leadOf(words, tools).flatMap((word) => postings.terms.get(word) ?? []);
    }),
  );
}
