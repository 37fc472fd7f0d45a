// The one full collection where a large load ends: it frees what nothing holds, whether or not the process was started with
// `--expose-gc`, and leaves no global `gc` behind when it was not.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { collectGarbageOnce } from '../../contract/collect-garbage.ts';

const test = suite('collect once');

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

test('an object nothing holds is gone after the collection, and no global gc is left', async () => {
  const hadGc = typeof (globalThis as { gc?: unknown }).gc === 'function';
  let held: { payload: number[] } | undefined = { payload: Array.from({ length: 100_000 }, (_, index) => index) };
  const watched = new WeakRef(held);
  held = undefined;
  // A WeakRef's target lives until the end of the turn that made it.
  await nextTurn();
  assert.is(held, undefined);
  collectGarbageOnce();
  assert.is(watched.deref(), undefined);
  assert.is(typeof (globalThis as { gc?: unknown }).gc === 'function', hadGc);
});

test.run();
