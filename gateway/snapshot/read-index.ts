// Reads index.json in chunks into the compact entries, and checks that every body file they name is in the bodies
// folder. Nothing here holds the whole file or a tree of all entries at once
// (docs/performance.md: Heap after a snapshot load).
import { opendirSync, readdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import type { CompactEntries } from './compact-entries.ts';
import { createIndexScanner } from './index-scanner.ts';
import { parseIndexEntry, parseIndexHeader } from '../../contract/parse-snapshot.ts';
import type { IndexHeader } from '../../contract/parse-snapshot.ts';

const READ_BYTES = 1024 * 1024;
const LIST_BATCH = 4096;

function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** Adds every entry to `entries` and returns the rest of the index, validated; throws on the first problem. */
export async function readIndex(path: string, entries: CompactEntries): Promise<IndexHeader> {
  const scanner = createIndexScanner((json) => {
    const batch = parseJson(json, path) as Record<string, unknown>;
    for (const key in batch) entries.add(key, parseIndexEntry(batch[key], key));
  });
  const file = await open(path);
  try {
    const buffer = Buffer.allocUnsafe(READ_BYTES);
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, READ_BYTES);
      if (bytesRead === 0) break;
      try {
        scanner.push(buffer.subarray(0, bytesRead));
      } catch (error) {
        if (error instanceof SyntaxError) throw new Error(`${path}: ${error.message}`, { cause: error });
        throw error;
      }
    }
  } finally {
    await file.close();
  }
  return parseIndexHeader(parseJson(scanner.end(), path));
}

/** Reads the folder's names in batches rather than listing 200,000 of them at once (a synchronous batch read took half
 *  the CPU time of an async iterator); the full list is only made to name a missing file. */
export async function checkBodyFiles(directory: string, entries: CompactEntries): Promise<void> {
  const folder = join(directory, DIST_LAYOUT.bodiesDir);
  let present = 0;
  const listing = opendirSync(folder, { bufferSize: LIST_BATCH });
  try {
    for (let count = 1, item = listing.readSync(); item !== null; count++, item = listing.readSync()) {
      if (entries.namesBody(item.name)) present++;
      // A reload must not stall the requests being served on the old snapshot.
      if (count % LIST_BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    listing.closeSync();
  }
  if (present === entries.fileCount) return;
  const listed = new Set(readdirSync(folder).map((name) => `${DIST_LAYOUT.bodiesDir}/${name}`));
  for (const file of entries.files()) if (!listed.has(file)) throw new Error(`${file}: no such body file`);
}
