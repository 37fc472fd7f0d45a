// Reads a snapshot's body on first use and keeps it when it fits the snapshot's memory budget; the budget is spent once, never evicted.
import { createReadStream } from 'node:fs';
import type { ReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { StoredBody } from './snapshot-loader.ts';

/** Bodies above this size are streamed from disk rather than read whole. */
export const STREAM_ABOVE_BYTES = 1024 * 1024;

function pathOf(body: StoredBody): string {
  return `${body.memory.directory}/${body.file}`;
}

// Fill-once rather than LRU: a mix that cycles through more bodies than fit would make an LRU miss every time.
function keepIfBudgetAllows(body: StoredBody, bytes: Buffer): void {
  const { memory } = body;
  if (body.bytes !== undefined || bytes.length > memory.limit || bytes.length > memory.left) return;
  memory.left -= bytes.length;
  body.bytes = bytes;
}

/** The body's bytes; rejects when the file is missing or its size differs from the index. */
export async function readStoredBody(body: StoredBody): Promise<Buffer> {
  if (body.bytes !== undefined) return body.bytes;
  const bytes = await readFile(pathOf(body));
  if (bytes.length !== body.size) throw new Error(`${body.file}: index says ${body.size} bytes, file has ${bytes.length}`);
  keepIfBudgetAllows(body, bytes);
  return bytes;
}

export function streamStoredBody(body: StoredBody): ReadStream {
  return createReadStream(pathOf(body));
}
