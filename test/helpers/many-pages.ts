// Test helper: a build result of many small pages (three keys each), published into a dist folder without a site.
import type { BuildResult } from '../../generator/types.ts';
import { publishSnapshot, type Published } from '../../generator/write/write-snapshot.ts';

/** 1,100 pages of three keys each plus the navigation: 3,301 entries in 17 shards (the site-wide one holding the
 *  navigation, 16 of about 206 entries), every body under 1 KB (no variants). */
export const PAGES = 1100;
export const SHARDS = 17;
export const ENTRIES = PAGES * 3 + 1;

export function siteResult(edits: Record<string, string> = {}): BuildResult {
  const responses = [{ key: 'navigation:live', body: '{"navigation":[]}' }];
  for (let page = 0; page < PAGES; page++) {
    for (const prefix of ['content:live', 'meta', 'item'])
      responses.push({ key: `${prefix}:/page-${page}`, body: JSON.stringify({ prefix, page }) });
  }
  for (const response of responses) response.body = edits[response.key] ?? response.body;
  return {
    responses,
    restrictedSlugs: {},
    userRecords: {},
    accounts: {},
    access: { trustedIps: [], trustedHosts: [], proxy: false, trustedProxies: [] },
    basePath: '',
    stats: { pages: PAGES, folders: 0, drafts: 0, users: 0 },
    errors: [],
    warnings: [],
  };
}

/** Publishes the pages, with `edits` (key → body) applied, into `dist`. */
export function publishPages(dist: string, edits: Record<string, string> = {}): Promise<Published> {
  return publishSnapshot(siteResult(edits), { distDir: dist, baseUrl: 'http://localhost', builtAt: new Date() });
}
