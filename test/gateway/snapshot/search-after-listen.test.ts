// A start serves before its search index is read: the first search waits for it, and a search index that cannot be
// read leaves the other endpoints serving with search answering 503 and the reason in the log (a reload still refuses
// such a snapshot whole).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SEARCH_REFUSED } from '../../../gateway/search/search-endpoint.ts';
import { loadSnapshot } from '../../../gateway/snapshot/snapshot-loader.ts';
import { searchFixtureBodies } from '../../hostile/search-fixture-index.ts';
import { BODIES, USERS, basic, standardSpec } from '../fixture.ts';
import { send } from '../http-client.ts';
import { makeTempDist, writeAndPublish } from '../make-snapshot.ts';
import { startFixture } from '../start-fixture.ts';
import { removeDir } from '../../helpers/fixture-site.ts';

const lookup = async () => [];
const author = { Authorization: basic(USERS.author) };
const search = (url: string, q: string) => send(url, `/api/v1/search?q=${q}`, { headers: author });

const later = suite('search index read after the snapshot is served');

later(
  'a first load with searchInBackground returns before the index is read; a load beside one reads it first',
  async () => {
    const dist = await makeTempDist('search-later');
    try {
      await writeAndPublish(
        dist,
        standardSpec('search-later-1', { bodies: { ...BODIES, ...(await searchFixtureBodies()) } }),
      );
      const state = await loadSnapshot(dist, { lookup, searchInBackground: true });
      assert.is(state.snapshot.search, undefined);
      assert.ok(state.snapshot.searchLoading !== undefined);
      await state.snapshot.searchLoading;
      assert.is(state.snapshot.searchFailure, undefined);
      assert.is(state.snapshot.search?.documents.length, 5);
      const reloaded = await loadSnapshot(dist, { lookup, searchInBackground: true }, state);
      assert.is(reloaded.snapshot.searchLoading, undefined);
      assert.is(reloaded.snapshot.search?.documents.length, 5);
    } finally {
      await removeDir(dist);
    }
  },
);

later('the first search right after the start answers from the whole index', async () => {
  const { gateway } = await startFixture('search-later-http', {
    bodies: { ...BODIES, ...(await searchFixtureBodies()) },
  });
  try {
    const response = await search(gateway.url, 'welcome');
    assert.is(response.status, 200);
    const body = JSON.parse(response.text) as { total: number; results: Array<{ url: string }> };
    assert.equal([body.total, body.results.map((result) => result.url)], [1, ['/search/welcome']]);
  } finally {
    await gateway.close();
  }
});

later('a search shard that cannot be read: content still 200, search 503, the reason logged once', async () => {
  const bodies = {
    ...BODIES,
    ...(await searchFixtureBodies()),
    'search:shard:0': { json: '{"shard":0}', compressed: false },
  };
  const { gateway, logs } = await startFixture('search-later-broken', { bodies });
  try {
    const answers = [await search(gateway.url, 'welcome'), await search(gateway.url, 'fixture')];
    assert.equal(
      answers.map((answer) => [answer.status, answer.text]),
      Array(2).fill([503, JSON.stringify({ message: SEARCH_REFUSED })]),
    );
    const refused = logs.filter((line) => line.event === 'search-refused');
    assert.equal(refused, [
      {
        time: refused[0]?.time,
        event: 'search-refused',
        snapshot: 'search-later-broken-1',
        reason: 'search index shard 0: expected arrays documents, lengths, terms and postings',
      },
    ]);
    const health = await send(gateway.url, '/healthz');
    assert.is(health.status, 200);
  } finally {
    await gateway.close();
  }
});

later.run();
