// Reads a snapshot's body on first use and keeps it when it fits the memory budget; the budget is spent once, never
// evicted, but what an index shard's bodies kept comes back when a reload drops the shard.
import { createReadStream } from 'node:fs';
import type { ReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { StoredBody } from './model.ts';

/** Bodies above this size that memory cannot keep are streamed from disk rather than read whole. */
export const STREAM_ABOVE_BYTES = 1024 * 1024;

// Fill-once rather than LRU: a mix that cycles through more bodies than fit would make an LRU miss every time.
// A body of an index shard a reload dropped is not kept: its ledger was already handed back to the budget.
function keepIfBudgetAllows(body: StoredBody, bytes: Buffer): void {
  const { memory, ledger } = body;
  if (body.bytes !== undefined || ledger.dropped || bytes.length > memory.limit || bytes.length > memory.left) return;
  memory.left -= bytes.length;
  ledger.kept += bytes.length;
  body.bytes = bytes;
  memory.held?.set(body.path, body);
}

/** True when the body is sent from one whole read: small, or large but kept in memory after this read. */
export function readsWhole(body: StoredBody): boolean {
  return body.size <= STREAM_ABOVE_BYTES || (body.size <= body.memory.limit && body.size <= body.memory.left);
}

// Concurrent first requests for one body share a read: fifty requests for a 7 MB navigation read it once, not fifty
// times.
const READS = new WeakMap<StoredBody, Promise<Buffer>>();

async function readChecked(body: StoredBody): Promise<Buffer> {
  const bytes = await readFile(body.path);
  if (bytes.length !== body.size)
    throw new Error(`${body.file}: index says ${body.size} bytes, file has ${bytes.length}`);
  keepIfBudgetAllows(body, bytes);
  return bytes;
}

/** The body's bytes; rejects when the file is missing or its size differs from the index. */
export function readStoredBody(body: StoredBody): Promise<Buffer> {
  if (body.bytes !== undefined) return Promise.resolve(body.bytes);
  const running = READS.get(body);
  if (running !== undefined) return running;
  const read = readChecked(body).finally(() => READS.delete(body));
  READS.set(body, read);
  return read;
}

/** The whole body, or bytes `start`..`end` (inclusive) of it. */
export function streamStoredBody(body: StoredBody, range?: { start: number; end: number }): ReadStream {
  return createReadStream(body.path, range);
}
