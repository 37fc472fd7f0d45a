// Bounded concurrency: results in order, never more than the limit at once, a failure stops new work.
import { setTimeout as sleep } from 'node:timers/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mapConcurrently, mapOnLanes } from '../../../generator/write/concurrency.ts';

/** The message a promise rejects with, or "resolved" (uvu 0.5 has no assert.rejects). */
async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const bounded = suite('mapConcurrently');

bounded('returns the results in the order of the items, whatever order they finish in', async () => {
  const results = await mapConcurrently([30, 10, 20, 0], 4, async (delay, index) => {
    await sleep(delay);
    return `${index}:${delay}`;
  });
  assert.equal(results, ['0:30', '1:10', '2:20', '3:0']);
});

bounded('never runs more calls at once than the limit', async () => {
  let running = 0;
  let most = 0;
  await mapConcurrently(
    Array.from({ length: 20 }, (_, index) => index),
    3,
    async () => {
      running++;
      most = Math.max(most, running);
      await sleep(1);
      running--;
    },
  );
  assert.is(most, 3);
});

bounded('accepts a task that returns a plain value', async () => {
  assert.equal(await mapConcurrently(['a', 'b'], 2, (letter) => letter.toUpperCase()), ['A', 'B']);
});

bounded('returns an empty list for no items without calling the task', async () => {
  let calls = 0;
  assert.equal(await mapConcurrently([], 5, () => calls++), []);
  assert.is(calls, 0);
});

bounded('rejects with the first failure and starts no item after it', async () => {
  const started: number[] = [];
  const failing = mapConcurrently([0, 1, 2, 3, 4, 5], 2, async (item) => {
    started.push(item);
    await sleep(item === 1 ? 1 : 5);
    if (item === 1) throw new Error('item 1 failed');
    return item;
  });
  assert.is(await rejection(failing), 'item 1 failed');
  await sleep(20);
  assert.equal(started, [0, 1]);
});

bounded('rejects a limit that is not a whole number of at least 1', async () => {
  for (const limit of [0, -1, 1.5, Number.NaN]) {
    assert.is(
      await rejection(mapConcurrently([1], limit, (item) => item)),
      `mapConcurrently: limit must be a whole number of at least 1, got ${limit}`,
    );
  }
});

bounded.run();

const lanes = suite('mapOnLanes');

lanes('lets a fast lane take more items than a slow one, keeping the order of results', async () => {
  const taken = { fast: 0, slow: 0 };
  let openGate = () => {};
  // The slow lane holds its first item until the fast lane has taken all the others (or 2 s have passed).
  const gate = Promise.race([new Promise<void>((resolve) => (openGate = resolve)), sleep(2000)]);
  const slow = async (item: number) => {
    taken.slow++;
    await gate;
    return item * 10;
  };
  const fast = async (item: number) => {
    taken.fast++;
    if (taken.fast === 7) openGate();
    await sleep(0);
    return item * 10;
  };
  const results = await mapOnLanes([1, 2, 3, 4, 5, 6, 7, 8], [slow, fast]);
  assert.equal(results, [10, 20, 30, 40, 50, 60, 70, 80]);
  assert.equal(taken, { fast: 7, slow: 1 });
});

lanes('refuses items when there is no lane to run them on', async () => {
  assert.is(await rejection(mapOnLanes([1], [])), 'mapOnLanes: no lane to run the items on');
});

lanes.run();
