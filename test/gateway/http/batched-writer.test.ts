// The log writer gathers lines and writes them together: after 50 ms, at once from 64 KB, and everything on flush.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FLUSH_AFTER_MS, batchedWriter } from '../../../gateway/http/request-log.ts';

function recorder() {
  const writes: string[] = [];
  const timers: Array<{ flush: () => void; ms: number }> = [];
  const writer = batchedWriter((text) => writes.push(text), { later: (flush, ms) => timers.push({ flush, ms }) });
  return { writes, timers, writer };
}

test('lines wait for one timer of 50 ms and are written in one call, in order', () => {
  const { writes, timers, writer } = recorder();
  writer('{"a":1}');
  writer('{"b":2}');
  writer('{"c":3}');
  assert.equal([writes, timers.map((timer) => timer.ms)], [[], [FLUSH_AFTER_MS]]);
  timers[0]!.flush();
  assert.equal(writes, ['{"a":1}\n{"b":2}\n{"c":3}\n']);
  writer('{"d":4}');
  assert.equal(timers.length, 2, 'the next line schedules the next write');
  timers[1]!.flush();
  assert.equal(writes, ['{"a":1}\n{"b":2}\n{"c":3}\n', '{"d":4}\n']);
});

test('64 KB of waiting lines are written at once, without waiting for the timer', () => {
  const { writes, writer } = recorder();
  const line = 'x'.repeat(1023);
  for (let count = 0; count < 63; count++) writer(line);
  assert.is(writes.length, 0);
  writer(line);
  assert.equal(
    writes.map((text) => text.length),
    [64 * 1024],
  );
});

test('flush writes what waits (the process exit hook), and nothing when nothing waits', () => {
  const { writes, timers, writer } = recorder();
  writer('last');
  writer.flush();
  writer.flush();
  timers[0]!.flush();
  assert.equal(writes, ['last\n']);
});

test.run();
