// planBodyLists: which body lists an upload's manifest names, given the previous snapshot's lists and the bodies now.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MOST_LIST_ENTRIES, planBodyLists } from '../../../generator/upload/body-lists.ts';
import type { PlannedList } from '../../../generator/upload/body-lists.ts';
import type { BodyList } from '../../../storage/remote-layout.ts';

const digest = (seed: string, size = 10) => ({ sha256: seed.padEnd(64, '0'), size });
/** Bodies `bodies/b<from>.json` … `bodies/b<to - 1>.json`, each with a digest of its own. */
function bodies(from: number, to: number, version = 'a'): BodyList {
  const list: BodyList = {};
  for (let number = from; number < to; number++)
    list[`bodies/b${String(number).padStart(6, '0')}.json`] = digest(`${version}${number}`);
  return list;
}
const stored = (entries: BodyList): PlannedList => ({ entries, bytes: Buffer.from(JSON.stringify(entries)) });
const sizes = (lists: PlannedList[]) => lists.map((list) => Object.keys(list.entries).length);
/** What a follower reads: the lists in order, a later digest winning. */
const readInOrder = (lists: PlannedList[]): BodyList => Object.assign({}, ...lists.map((list) => list.entries));

const Plan = suite('planBodyLists');

Plan('a first upload writes every body in name order, in lists of at most 16,384', () => {
  const live = bodies(0, 40_000);
  const lists = planBodyLists([], live);
  assert.equal(sizes(lists), [MOST_LIST_ENTRIES, MOST_LIST_ENTRIES, 40_000 - 2 * MOST_LIST_ENTRIES]);
  assert.equal(
    lists.map((list) => list.bytes),
    [undefined, undefined, undefined],
  );
  assert.equal(readInOrder(lists), live);
  assert.equal(Object.keys(lists[0]?.entries ?? {}), Object.keys(live).slice(0, MOST_LIST_ENTRIES));
});

Plan('a one-page change keeps the stored lists as they are and adds one list of only the changed bodies', () => {
  const before = planBodyLists([], bodies(0, 5_000)).map((list) => stored(list.entries));
  const live = { ...bodies(0, 5_000), ...bodies(7, 10, 'b'), ...bodies(5_000, 5_001) };
  const lists = planBodyLists(before, live);
  assert.is(lists[0], before[0]);
  assert.equal(sizes(lists), [5_000, 4]);
  assert.equal(lists[1]?.entries, { ...bodies(7, 10, 'b'), ...bodies(5_000, 5_001) });
  const read = readInOrder(lists);
  for (const [file, wanted] of Object.entries(live)) assert.equal(read[file], wanted, file);
});

Plan('nothing changed: the same lists, so the same manifest', () => {
  const before = [stored(bodies(0, 100)), stored(bodies(100, 130))];
  const lists = planBodyLists(before, bodies(0, 130));
  assert.equal(lists.length, 2);
  assert.ok(lists[0] === before[0] && lists[1] === before[1]);
});

Plan('a new list at least half the size of the one before is merged into it, dropping bodies the snapshot lost', () => {
  const base = stored(bodies(0, 1_000));
  const older = stored({ ...bodies(1_000, 1_010), ...bodies(1_010, 1_020) });
  // 1,010–1,019 are gone; 1,020–1,029 are new: 10 new against 20 listed merges; 30 against 1,000 does not.
  const live = { ...bodies(0, 1_000), ...bodies(1_000, 1_010), ...bodies(1_020, 1_030) };
  const lists = planBodyLists([base, older], live);
  assert.equal(sizes(lists), [1_000, 20]);
  assert.is(lists[0], base);
  assert.equal(lists[1]?.entries, { ...bodies(1_000, 1_010), ...bodies(1_020, 1_030) });
  assert.is(lists[1]?.bytes, undefined);
});

Plan('a body whose digest changed is listed again, and the newer list wins where they overlap', () => {
  const before = [stored(bodies(0, 50))];
  const live = { ...bodies(0, 50), ...bodies(3, 4, 'z') };
  const lists = planBodyLists(before, live);
  assert.equal(sizes(lists), [50, 1]);
  assert.equal(readInOrder(lists), live);
});

Plan('lists naming more than twice the bodies the snapshot has are written again from the snapshot alone', () => {
  const before = [stored(bodies(0, 100))];
  // 100 listed + 49 new > 2 × 49 live: one new list of the 49.
  const rewritten = planBodyLists(before, bodies(100, 149));
  assert.equal([sizes(rewritten), rewritten[0]?.bytes], [[49], undefined]);
  assert.equal(readInOrder(rewritten), bodies(100, 149));
  // 100 listed + 50 new ≤ 2 × 100 live: kept, then the new list (half the size) merged into the old one.
  const merged = planBodyLists(before, bodies(50, 150));
  assert.equal([sizes(merged), readInOrder(merged)], [[100], bodies(50, 150)]);
});

Plan.run();
