// What a loaded index takes from the snapshot besides the index itself: the synonyms of the site's settings.
import { readFile } from 'node:fs/promises';
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import type { LoadedEntry } from '../snapshot/model.ts';
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
