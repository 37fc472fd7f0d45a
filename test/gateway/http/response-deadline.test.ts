// The response deadline: responses not delivered in time have their connection closed, in arrival order; closed and
// extended ones are left alone.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createDeadlineSweep } from '../../../gateway/http/response-deadline.ts';
import type { DeadlineSweep } from '../../../gateway/http/response-deadline.ts';

const DEADLINE_MS = 60;
const SWEEP_MS = 10;

/** A response whose socket records being destroyed. */
function fakeResponse(name: string, destroyed: string[]): ServerResponse {
  const response = new EventEmitter() as EventEmitter & { socket: { destroy(): void } };
  response.socket = { destroy: () => destroyed.push(name) };
  return response as unknown as ServerResponse;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `check` with a sweep and the names of the responses it closed; the sweep is stopped however `check` ends. */
async function withSweep(check: (sweep: DeadlineSweep, destroyed: string[]) => Promise<void>): Promise<void> {
  const sweep = createDeadlineSweep(DEADLINE_MS, SWEEP_MS);
  try {
    await check(sweep, []);
  } finally {
    sweep.stop();
  }
}

const Deadline = suite('createDeadlineSweep');

Deadline('closes the connection of each late response once and keeps the ones in time', () =>
  withSweep(async (sweep, destroyed) => {
    const now = performance.now();
    const [first, second, third] = ['first', 'second', 'third'].map((name) => fakeResponse(name, destroyed));
    sweep.watch(first!, now - DEADLINE_MS - 5);
    sweep.watch(second!, now - DEADLINE_MS - 1);
    sweep.watch(third!, now + 1000);
    await wait(SWEEP_MS * 4);
    assert.equal(destroyed, ['first', 'second']);
    // The destroyed sockets close their responses: that must not disturb the one still waiting.
    first!.emit('close');
    second!.emit('close');
    await wait(SWEEP_MS * 3);
    assert.equal(destroyed, ['first', 'second']);
  }),
);

Deadline('forgets a response that closed, wherever it is in the arrival order', () =>
  withSweep(async (sweep, destroyed) => {
    const at = performance.now();
    const responses = ['a', 'b', 'c', 'd', 'e'].map((name) => fakeResponse(name, destroyed));
    for (const response of responses) sweep.watch(response, at);
    // The middle, the oldest and the newest close in time; the others are left to the deadline.
    responses[2]!.emit('close');
    responses[0]!.emit('close');
    responses[4]!.emit('close');
    const late = fakeResponse('late', destroyed);
    sweep.watch(late, at);
    await wait(DEADLINE_MS + SWEEP_MS * 4);
    assert.equal(destroyed, ['b', 'd', 'late']);
  }),
);

Deadline('gives an extended response its extra time, and forgets it when it closes', () =>
  withSweep(async (sweep, destroyed) => {
    const at = performance.now();
    const download = fakeResponse('download', destroyed);
    const closedDownload = fakeResponse('closed download', destroyed);
    const plain = fakeResponse('plain', destroyed);
    sweep.watch(download, at);
    sweep.watch(closedDownload, at);
    sweep.watch(plain, at);
    sweep.extend(download, DEADLINE_MS * 2);
    sweep.extend(closedDownload, DEADLINE_MS * 2);
    // Not watched (or already forgotten): nothing to extend.
    sweep.extend(fakeResponse('unknown', destroyed), DEADLINE_MS * 2);
    closedDownload.emit('close');
    await wait(DEADLINE_MS + SWEEP_MS * 4);
    assert.equal(destroyed, ['plain']);
    await wait(DEADLINE_MS * 2);
    assert.equal(destroyed, ['plain', 'download']);
  }),
);

Deadline.run();
