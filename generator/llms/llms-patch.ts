// The AI files of a page-local edit (docs/ai.md): the edited pages' markdown and parts, and the manifests that list
// those parts with their new hashes. `llms.txt` takes nothing from a page's text, so it stays; the cost follows the
// edit, not the site's size.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KEYS, keyOf } from '../../contract/endpoints.ts';
import { manifestText, parseManifest } from '../../contract/llms-manifest.ts';
import { DIST_LAYOUT, type Restriction } from '../../contract/snapshot.ts';
import type { BuiltResponse } from '../types.ts';
import { poolName } from '../../contract/dist-folder.ts';
import { entryOf, type PublishedIndex } from '../write/published-index.ts';
import { llmsTitle, pageLlmsResponses } from './llms-step.ts';
import { PUBLIC_VIEW, VIEW_ROLES } from './llms-views.ts';

/** An edited page with its new content bodies. */
export interface EditedLlmsPage {
  url: string;
  /** The stored meta title, trimmed, and the navigation name. */
  title: string;
  name: string;
  restriction: Restriction | undefined;
  live: string | undefined;
  draft: string | undefined;
}

/** The names of the views the last snapshot may hold: every role's, the public one, and `<role>:<user>` for each
 *  user a page's `alloweduser` names. */
function viewNames(restrictions: Iterable<Restriction | undefined>): string[] {
  const users = new Set<string>();
  for (const restriction of restrictions) for (const user of restriction?.users ?? []) users.add(user);
  return [...VIEW_ROLES, ...VIEW_ROLES.flatMap((role) => [...users].map((user) => `${role}:${user}`)), PUBLIC_VIEW];
}

/** The edited pages' AI answers; `restrictions` are every page's, to know the views. */
export async function patchedLlmsResponses(
  out: string,
  index: PublishedIndex,
  baseUrl: string,
  edited: readonly EditedLlmsPage[],
  restrictions: Iterable<Restriction | undefined>,
): Promise<BuiltResponse[]> {
  const responses: BuiltResponse[] = [];
  const partHashes = new Map<string, string>();
  for (const page of edited) {
    // Whether a view lists the page did not change: a page-local edit keeps its meta and its published state.
    const listable = entryOf(index, keyOf(KEYS.llmsPart, page.url)) !== undefined;
    const made = pageLlmsResponses(
      {
        url: page.url,
        title: llmsTitle(page.title, page.name),
        description: '',
        listable,
        ...(page.restriction ? { restriction: page.restriction } : {}),
        section: undefined,
      },
      baseUrl,
      { live: page.live, draft: page.draft },
    );
    for (const response of made)
      if (response.key === keyOf(KEYS.llmsPart, page.url)) partHashes.set(page.url, response.hash as string);
    responses.push(...made);
  }
  if (partHashes.size === 0) return responses;
  for (const name of viewNames(restrictions)) {
    const key = keyOf(KEYS.llmsFull, name);
    const entry = entryOf(index, key);
    if (entry === undefined) continue;
    const before = await readFile(join(out, DIST_LAYOUT.bodiesDir, poolName(entry.file)), 'utf8');
    const parts = parseManifest(before).map((part) => ({ url: part.url, hash: partHashes.get(part.url) ?? part.hash }));
    const after = manifestText(parts);
    if (after !== before) responses.push({ key, body: after, compress: false });
  }
  return responses;
}
