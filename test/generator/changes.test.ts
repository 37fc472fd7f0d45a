// Specification of the change report between two snapshots.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SNAPSHOT_FORMAT, type IndexEntry, type SnapshotIndex } from '../../gateway/contract.ts';
import { changesBetween } from '../../generator/changes.ts';

function snapshot(id: string, etags: Record<string, string>): SnapshotIndex {
  const entries: Record<string, IndexEntry> = {};
  for (const [key, etag] of Object.entries(etags)) entries[key] = { file: `bodies/${etag}`, size: 1, etag: `"${etag}"` };
  return {
    format: SNAPSHOT_FORMAT, id, builtAt: '2024-05-17T00:00:00.000Z', baseUrl: 'http://localhost', basePath: '',
    counts: { pages: 0, folders: 0, drafts: 0, users: 0, responses: 0, bytes: 0 },
    access: { trustedIps: [], trustedHosts: [], proxy: false, trustedProxies: [] },
    entries, restrictedSlugs: {}, userRecords: {},
  };
}

const changes = suite('changesBetween');

changes('reports added, changed and removed keys, each sorted', () => {
  const before = snapshot('one', { 'item:/b': 'b1', 'item:/a': 'a1', settings: 's1', 'meta:/gone': 'g1' });
  const after = snapshot('two', { 'item:/z': 'z1', settings: 's2', 'item:/b': 'b1', 'item:/a': 'a2', 'item:/c': 'c1' });
  assert.equal(changesBetween(before, after), { previous: 'one', current: 'two', added: ['item:/c', 'item:/z'], changed: ['item:/a', 'settings'], removed: ['meta:/gone'] });
});

changes('reports every key as added when there is no previous snapshot', () => {
  assert.equal(changesBetween(undefined, snapshot('first', { settings: 's', 'item:/': 'h' })), { previous: null, current: 'first', added: ['item:/', 'settings'], changed: [], removed: [] });
});

changes('reports nothing when only the snapshot id differs', () => {
  assert.equal(changesBetween(snapshot('one', { settings: 's' }), snapshot('two', { settings: 's' })), { previous: 'one', current: 'two', added: [], changed: [], removed: [] });
});
changes.run();
