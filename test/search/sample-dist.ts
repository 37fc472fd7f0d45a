// Test helper: the repository's sample site built into a temporary dist, its search index, and its demo users.
import { join, resolve } from 'node:path';
import { buildSite } from '../../generator/resident/choose-build.ts';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { loadSnapshot } from '../../gateway/snapshot/snapshot-loader.ts';
import type { SearchIndex } from '../../gateway/search/search-index.ts';
import { temporaryDir } from '../helpers/fixture-site.ts';

export const SAMPLE_SITE = resolve(import.meta.dirname, '..', '..');

/** Demo users of the sample site (README "Demo users"). */
export const SAMPLE_USERS = {
  member: { username: 'member1', role: 'member', password: 'demo-member1-pass' },
  contributor: { username: 'contributor1', role: 'contributor', password: 'demo-contributor1-pass' },
  author: { username: 'author1', role: 'author', password: 'demo-author1-pass' },
  editor: { username: 'editor1', role: 'editor', password: 'demo-editor1-pass' },
  manager: { username: 'manager1', role: 'manager', password: 'demo-manager1-pass' },
  administrator: { username: 'admin', role: 'administrator', password: 'demo-admin-pass' },
} as const;

export async function buildSampleDist(name: string, site = SAMPLE_SITE): Promise<string> {
  const out = await temporaryDir(name);
  const outcome = await buildSite({ site, out, baseUrl: 'http://localhost:8080', workers: 0 });
  if (!outcome.ok) throw new Error(outcome.errors.map((error) => error.message).join('\n'));
  return out;
}

export async function sampleSearchIndex(dist: string): Promise<SearchIndex> {
  const state = await loadSnapshot(dist, { lookup: async () => [] });
  if (state.snapshot.search === undefined) throw new Error(`no search index in ${join(dist, DIST_LAYOUT.currentLink)}`);
  return state.snapshot.search;
}

/** A copy of the sample site's folders, for tests that edit pages and rebuild. */
export async function copySampleSite(name: string): Promise<string> {
  const { cp } = await import('node:fs/promises');
  const site = join(await temporaryDir(name), 'site');
  for (const folder of ['content', 'settings', 'plugins', 'media'])
    await cp(join(SAMPLE_SITE, folder), join(site, folder), { recursive: true });
  return site;
}

export function basicHeader(user: { username: string; password: string }): string {
  return `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;
}
