// The change history a build writes: deltas of versions (ETag and restriction), chunks of HISTORY_CHUNK entries with
// their deltas inline, and pruning by count and age, whichever keeps more.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { deltaOf, nextHistory } from '../../../generator/write/history-writer.ts';
import type { HistoryBody } from '../../../generator/write/history-writer.ts';
import { HISTORY_CHUNK } from '../../../contract/history.ts';
import type { HistoryRoot, IndexEntry } from '../../../contract/snapshot.ts';

const test = suite('change history');

const entry = (etag: string, role?: string): IndexEntry => ({
  file: `bodies/${etag}.json`,
  size: 1,
  etag: `"${etag}"`,
  ...(role ? { restriction: { role } } : {}),
});
const source = (entries: Record<string, IndexEntry>) => ({ entries, restrictedSlugs: {}, userRecords: {} });

test('a delta lists keys added, changed, removed and those whose restriction alone changed', () => {
  const before = source({ 'meta:/a': entry('A'), 'item:/b': entry('B'), 'item:/c': entry('C'), settings: entry('S') });
  const after = source({
    'meta:/a': entry('A2'),
    'item:/b': entry('B', 'editor'),
    'item:/d': entry('D'),
    settings: entry('S'),
  });
  assert.equal(deltaOf('one', 'two', before, after), {
    previous: 'one',
    current: 'two',
    changes: {
      'item:/b': ['"B"', '"B"{"role":"editor"}'],
      'item:/c': ['"C"', null],
      'item:/d': [null, '"D"'],
      'meta:/a': ['"A"', '"A2"'],
    },
  });
});

/** Builds `count` snapshots an hour apart from `start`, as a dist would keep them; returns the last history. */
function historyOf(count: number, policy: { count: number; hours: number }) {
  const pool = new Map<string, string>();
  let base: { id: string; builtAt: string; history?: HistoryRoot } | undefined;
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let step = 0; step < count; step++) {
    const current = { id: `s${step}`, builtAt: new Date(start + step * 3600_000).toISOString() };
    const delta = base && deltaOf(base.id, current.id, source({}), source({ [`item:/p${step}`]: entry(`E${step}`) }));
    const next = nextHistory(base, current, delta, {
      policy,
      readBody: (file) => {
        const text = pool.get(file);
        if (text === undefined) throw new Error(`${file} is not in the pool`);
        return text;
      },
    });
    for (const body of next.bodies as HistoryBody[]) pool.set(`bodies/${body.hash}.json`, body.text);
    base = { ...current, history: next.history };
  }
  return { history: base?.history as HistoryRoot, pool };
}

function ids(history: HistoryRoot, pool: Map<string, string>): string[] {
  const frozen = history.chunks.flatMap((chunk, position) => {
    const entries = (JSON.parse(pool.get(chunk.file) as string) as { history: Array<{ id: string }> }).history;
    return (position === 0 ? entries.slice(history.skip) : entries).map((item) => item.id);
  });
  return [...frozen, ...history.recent.map((item) => item.id)];
}

test('kept by count when the hours keep fewer', () => {
  const { history, pool } = historyOf(10, { count: 4, hours: 1 });
  assert.equal(ids(history, pool), ['s6', 's7', 's8', 's9']);
});

test('kept by age when the count keeps fewer', () => {
  const { history, pool } = historyOf(10, { count: 2, hours: 5 });
  assert.equal(ids(history, pool), ['s4', 's5', 's6', 's7', 's8', 's9']);
});

test('entries freeze into chunks with their deltas inline; the root holds fewer than two chunks inline', () => {
  const total = 3 * HISTORY_CHUNK + 5;
  const { history, pool } = historyOf(total, { count: 1000, hours: 1 });
  assert.is(history.chunks.length, 2);
  assert.ok(history.recent.length < 2 * HISTORY_CHUNK);
  assert.equal(
    ids(history, pool),
    Array.from({ length: total }, (_, step) => `s${step}`),
  );
  const chunk = JSON.parse(pool.get(history.chunks[0]?.file as string) as string);
  assert.equal(chunk.history[1].delta, { previous: 's0', current: 's1', changes: { 'item:/p1': [null, '"E1"'] } });
});

test('pruning drops whole chunks and skips into the first one kept', () => {
  const total = 5 * HISTORY_CHUNK + 5;
  const kept = 2 * HISTORY_CHUNK + 10;
  const { history, pool } = historyOf(total, { count: kept, hours: 1 });
  assert.equal(
    ids(history, pool),
    Array.from({ length: kept }, (_, n) => `s${total - kept + n}`),
  );
  assert.ok(history.skip > 0 && history.chunks.length > 0, JSON.stringify(history.chunks));
});

test.run();
