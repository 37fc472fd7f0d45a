// The search counts of the last build on disk, so a cold `build` into a dist folder counts only the pages whose inputs
// changed, as a resident builder does in memory. Only ever a shortcut: a missing, unreadable or stale file is an empty
// memo, and each page's entry is used only while its inputs (body hashes, title, …) are the same.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { CACHE_DIR } from '../render/render-cache.ts';
import type { SearchMemo } from './site-search.ts';

const FILE = join(CACHE_DIR, 'search-counts.v8');

/** The memo saved by the last build whose generator and contract code were the same (`fingerprint`). */
export async function loadSearchCounts(outDir: string, fingerprint: string): Promise<SearchMemo> {
  try {
    const saved = deserialize(await readFile(join(outDir, FILE))) as { fingerprint?: unknown; memo?: unknown };
    return saved.fingerprint === fingerprint && saved.memo instanceof Map ? (saved.memo as SearchMemo) : new Map();
  } catch {
    return new Map();
  }
}

export async function saveSearchCounts(outDir: string, fingerprint: string, memo: SearchMemo): Promise<void> {
  const path = join(outDir, FILE);
  await mkdir(join(outDir, CACHE_DIR), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  // The per-page entries only: the whole index (`memo.site`) is rebuilt from them by the next build.
  await writeFile(temporary, serialize({ fingerprint, memo: new Map(memo) }));
  await rename(temporary, path);
}
