// Words of the query standing together: both in a page's title in either order, or next to each other in its first
// lines, count fully; a word between them there counts half (word-order.ts pairCloseness, rank-documents.ts).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseQuery } from '../../gateway/http/query.ts';
import { runSearch } from '../../gateway/search/run-search.ts';
import type { SearchIndex } from '../../gateway/search/search-index.ts';
import { isSearchRequest, parseSearchRequest } from '../../gateway/search/search-query.ts';
import { pairCloseness } from '../../gateway/search/word-order.ts';
import type { WordOrder } from '../../gateway/search/word-order.ts';
import { removeDir, temporaryDir } from '../helpers/fixture-site.ts';
import { buildSampleDist, sampleSearchIndex, SAMPLE_USERS } from './sample-dist.ts';

// Terms 1 (twig) and 2 (template), 3 and 4 other words; −1 a title word the index lacks.
const TWIG = [1];
const TEMPLATE = [2];
/** One document's word order: its title words, then its lead's. */
function orderOf(title: number[], lead: number[]): WordOrder {
  return {
    starts: Uint32Array.of(0, title.length + lead.length),
    leads: Uint32Array.of(title.length),
    words: Int32Array.from([...title, ...lead]),
  };
}

const closeness = suite('pairCloseness');

closeness('both words in the title count fully in either order, wherever they stand in it', () => {
  assert.is(pairCloseness(orderOf([1, 2], []), 0, TWIG, TEMPLATE), 1);
  assert.is(pairCloseness(orderOf([2, 3, 4, 1], []), 0, TWIG, TEMPLATE), 1);
  assert.is(pairCloseness(orderOf([1, -1], [3]), 0, TWIG, TEMPLATE), 0);
  assert.is(pairCloseness(orderOf([1], [2, 3]), 0, TWIG, TEMPLATE), 0, 'one word in the title, one in the lead');
});

closeness('in the lead, next to each other in order count fully, one word between half, more between nothing', () => {
  assert.is(pairCloseness(orderOf([3], [4, 1, 2]), 0, TWIG, TEMPLATE), 1);
  assert.is(pairCloseness(orderOf([], [1, 3, 2]), 0, TWIG, TEMPLATE), 0.5);
  assert.is(pairCloseness(orderOf([], [1, 3, 2, 1, 2]), 0, TWIG, TEMPLATE), 1, 'the closest place counts');
  assert.is(pairCloseness(orderOf([], [1, 3, 4, 2]), 0, TWIG, TEMPLATE), 0);
  assert.is(pairCloseness(orderOf([], [2, 1]), 0, TWIG, TEMPLATE), 0, 'the other order');
});

const PAGES: Record<string, string> = {
  'index.md': '# Home\n\nA site about themes.\n',
  // Both hold "create" and "theme" once in their first line; the second holds a word between them and is shorter.
  '01-theme-quick-start.md': '# Quick Start\n\nThis page shows how to create a theme for a site, step by step.\n',
  '02-theme-helpers.md': '# Helpers\n\nWith helpers you create flexible themes for a site.\n',
  // Both titles hold both words; the first in the query's order, the second the other way round and shorter.
  '03-create-a-twig-template.md': '# Create a Twig Template\n\nAdd a file to the folder of the plugin.\n',
  '04-templates-with-twig.md': '# Templates with Twig\n\nTwig renders each page of a theme from a file.\n',
};

const folders: string[] = [];
let index: SearchIndex;

async function urls(q: string): Promise<string[]> {
  const request = parseSearchRequest(parseQuery(`q=${encodeURIComponent(q)}&limit=2`));
  if (!isSearchRequest(request)) throw new Error(q);
  return (await runSearch(index, request, SAMPLE_USERS.administrator)).results.map((result) => result.url);
}

const ranking = suite('closeness in ranking');
ranking.before(async () => {
  const site = join(await temporaryDir('phrase-closeness'), 'site');
  folders.push(join(site, '..'));
  await mkdir(join(site, 'settings'), { recursive: true });
  await writeFile(join(site, 'settings', 'settings.yaml'), "title: 'Closeness'\nlanguage: en\n");
  await mkdir(join(site, 'content'), { recursive: true });
  for (const [path, text] of Object.entries(PAGES)) await writeFile(join(site, 'content', path), text);
  const dist = await buildSampleDist('phrase-closeness-dist', site);
  folders.push(dist);
  index = await sampleSearchIndex(dist);
});
ranking.after(async () => {
  for (const folder of folders) await removeDir(folder);
});

ranking('a first line with the words next to each other ranks above one with a word between them', async () => {
  assert.equal(await urls('create a theme'), ['/theme-quick-start', '/theme-helpers']);
});

ranking('a title holding both words the other way round counts as one holding them in order', async () => {
  assert.equal(await urls('twig templates'), ['/templates-with-twig', '/create-a-twig-template']);
});

closeness.run();
ranking.run();
