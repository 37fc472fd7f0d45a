// Specification of the change report between two snapshots.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SNAPSHOT_FORMAT, type IndexEntry, type SlugPart, type SnapshotIndex } from '../../../contract/snapshot.ts';
import { changesBetween } from '../../../generator/write/changes.ts';

function snapshot(
  id: string,
  etags: Record<string, string>,
  restrictedSlugs: Record<string, SlugPart[]> = {},
  basePath = '',
): SnapshotIndex {
  const entries: Record<string, IndexEntry> = {};
  for (const [key, etag] of Object.entries(etags))
    entries[key] = { file: `bodies/${etag}`, size: 1, etag: `"${etag}"` };
  return {
    format: SNAPSHOT_FORMAT,
    id,
    builtAt: '2024-05-17T00:00:00.000Z',
    baseUrl: `http://localhost${basePath}`,
    basePath,
    counts: { pages: 0, folders: 0, drafts: 0, users: 0, responses: 0, bytes: 0 },
    access: { trustedIps: [], trustedHosts: [], proxy: false, trustedProxies: [] },
    entries,
    restrictedSlugs,
    userRecords: {},
  };
}

const NOTHING = { added: [], changed: [], removed: [] };
const changes = suite('changesBetween');

changes('reports added, changed and removed keys, each sorted, with old and new ETags', () => {
  const before = snapshot('one', { 'item:/b': 'b1', 'item:/a': 'a1', settings: 's1', 'meta:/gone': 'g1' });
  const after = snapshot('two', { 'item:/z': 'z1', settings: 's2', 'item:/b': 'b1', 'item:/a': 'a2', 'item:/c': 'c1' });
  assert.equal(changesBetween(before, after), {
    previous: 'one',
    current: 'two',
    added: ['item:/c', 'item:/z'],
    changed: ['item:/a', 'settings'],
    removed: ['meta:/gone'],
    details: [
      { key: 'item:/a', before: '"a1"', after: '"a2"' },
      { key: 'item:/c', before: null, after: '"c1"' },
      { key: 'item:/z', before: null, after: '"z1"' },
      { key: 'meta:/gone', before: '"g1"', after: null },
      { key: 'settings', before: '"s1"', after: '"s2"' },
    ],
    urls: { added: ['/c', '/z'], changed: ['/a', '/gone'], removed: [] },
    slugs: NOTHING,
    purge: [
      '/api/v1/article/item?url=/a',
      '/api/v1/article/item?url=/c',
      '/api/v1/article/item?url=/z',
      '/api/v1/article/meta?url=/gone',
      '/api/v1/settings/',
    ],
  });
});

changes('reports every key as added when there is no previous snapshot', () => {
  assert.equal(changesBetween(undefined, snapshot('first', { settings: 's', 'item:/': 'h', 'items:faq': 'f' })), {
    previous: null,
    current: 'first',
    added: ['item:/', 'items:faq', 'settings'],
    changed: [],
    removed: [],
    details: [
      { key: 'item:/', before: null, after: '"h"' },
      { key: 'items:faq', before: null, after: '"f"' },
      { key: 'settings', before: null, after: '"s"' },
    ],
    urls: { added: ['/'], changed: [], removed: [] },
    slugs: { added: ['faq'], changed: [], removed: [] },
    purge: ['/api/v1/article/item?url=/', '/api/v1/article/items?slug=faq', '/api/v1/settings/'],
  });
});

changes('reports nothing when only the snapshot id differs', () => {
  assert.equal(changesBetween(snapshot('one', { settings: 's' }), snapshot('two', { settings: 's' })), {
    previous: 'one',
    current: 'two',
    ...NOTHING,
    details: [],
    urls: NOTHING,
    slugs: NOTHING,
    purge: [],
  });
});

const derived = suite('pages, slugs and purge paths of a change report');

derived('a page whose content changed is a changed URL; a removed page with its item is a removed URL', () => {
  const before = snapshot('one', {
    'item:/a': 'i',
    'content:live:/a': 'c1',
    'content:draft:/a': 'd1',
    'item:/old': 'o',
    'meta:/old': 'm',
  });
  const after = snapshot('two', { 'item:/a': 'i', 'content:live:/a': 'c2', 'content:draft:/a': 'd2' });
  const report = changesBetween(before, after);
  assert.equal(report.urls, { added: [], changed: ['/a'], removed: ['/old'] });
  assert.equal(report.purge, [
    '/api/v1/article/content?url=/a',
    '/api/v1/article/content?url=/a&draft=true',
    '/api/v1/article/item?url=/old',
    '/api/v1/article/meta?url=/old',
  ]);
});

derived('a slug that became restricted is a changed slug, and its purge path is listed once', () => {
  const before = snapshot('one', { 'items:faq': 'f1', 'items:gone': 'g' });
  const after = snapshot('two', {}, { faq: [{ json: '{"slug":"faq"}', restriction: { role: 'editor' } }] });
  const report = changesBetween(before, after);
  assert.equal(report.slugs, { added: [], changed: ['faq'], removed: ['gone'] });
  assert.equal(report.purge, ['/api/v1/article/items?slug=faq', '/api/v1/article/items?slug=gone']);
});

derived('purge paths carry the base path and percent-encode everything but slashes; user answers have none', () => {
  const before = snapshot('one', {}, {}, '/handbook');
  const after = snapshot(
    'two',
    {
      'meta:/a b/ä': 'm',
      'navigation:draft': 'n',
      'mainnavi:member': 'x',
      'mainnavi:author': 'y',
      'users:role:editor': 'u',
      openapi: 'o',
    },
    {},
    '/handbook',
  );
  assert.equal(changesBetween(before, after).purge, [
    '/handbook/api/v1/article/meta?url=/a%20b/%C3%A4',
    '/handbook/api/v1/mainnavi/',
    '/handbook/api/v1/navigation?draft=true',
    '/handbook/api/v1/openapi.yaml',
  ]);
});

changes.run();
derived.run();
