// followChanges: pages of one answer in order through `next`, then the next snapshot's, polling in between; stops on
// its signal. Against a feed in memory that records every call.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { followChanges } from '../../client/follow-changes.ts';

const test = suite('followChanges');
const lists = (added: string[]) => ({ added, changed: [], removed: [] });
const none = lists([]);

test('follows the pages of each answer, then the snapshots as they are served', async () => {
  let served = 's1';
  const calls: string[] = [];
  const source = {
    async changes(parameters: { since?: string; cursor?: string } = {}) {
      calls.push(JSON.stringify(parameters));
      if (parameters.since === undefined) return { current: served };
      if (parameters.since === served)
        return { since: served, current: served, urls: none, slugs: none, endpoints: [] };
      if (parameters.since === 's1' && parameters.cursor === undefined)
        return { since: 's1', current: 's2', urls: lists(['/a']), slugs: none, endpoints: [], next: '1@s2' };
      return { since: 's1', current: 's2', urls: lists(['/b']), slugs: none, endpoints: ['navigation'] };
    },
  };
  const stop = new AbortController();
  const pages: unknown[] = [];
  setTimeout(() => (served = 's2'), 30);
  for await (const page of followChanges(source as never, { intervalMs: 10, signal: stop.signal })) {
    pages.push([page.since, page.current, page.urls?.added, page.next]);
    if (pages.length === 2) stop.abort();
  }
  assert.equal(pages, [
    ['s1', 's2', ['/a'], '1@s2'],
    ['s1', 's2', ['/b'], undefined],
  ]);
  assert.is(calls[0], '{}');
  assert.ok(calls.includes('{"since":"s1","cursor":"1@s2"}'));
});

test.run();
