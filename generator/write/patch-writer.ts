// The pool writes of a page-local publish: each new body and index shard written once, the files it wrote removed
// again when the publish fails, and the sweep after the switch
// (docs/decisions.md: A page-local edit patches the last snapshot).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { bodyFile, poolName } from '../../contract/dist-folder.ts';
import { contentHash } from '../../contract/etag.ts';
import { DIST_LAYOUT, type IndexShard, type SnapshotRoot } from '../../contract/snapshot.ts';
import { sweepPool } from './body-pool.ts';
import { advanceIndex, filesOf, type EntryPatch } from './patch-entries.ts';
import { namedPoolFiles, type PublishedIndex } from './published-index.ts';
import { writeBody, type BodyUse } from './snapshot-staging.ts';
import type { StagedBody } from './staged-body.ts';

const WHOLE: BodyUse = { pageContent: false, compress: false };

export interface PatchWriter {
  /** Writes a body into the pool unless `base` or this writer has it already; resolves to its files. */
  body(hash: string, text: string, use?: BodyUse): Promise<StagedBody>;
  /** The patch's index shards, those it changed written; with how many were written. */
  shards(patch: EntryPatch): Promise<{ shards: IndexShard[]; written: number }>;
  /** Removes every pool file this writer wrote: for a publish that fails before its switch. */
  removeWritten(): Promise<void>;
  /** After the switch: makes `base` the new snapshot's index and removes the pool files no kept snapshot names. */
  sweep(patch: EntryPatch, root: SnapshotRoot): Promise<number>;
}

export function patchWriter(distDir: string, base: PublishedIndex): PatchWriter {
  const written: string[] = [];
  const made = new Map<string, Promise<StagedBody>>();
  const remove = async (files: readonly string[]) => {
    for (const file of files) await rm(join(distDir, DIST_LAYOUT.bodiesDir, poolName(file)), { force: true });
  };
  const inPool = (file: string) =>
    base.root.shards.some((known) => known.file === file) || base.bodies.has(file) || base.dropped?.has(file) === true;
  // Without the files the snapshot before `base` alone named, the pool is swept whole after the switch.
  const namedBefore = base.dropped === undefined ? namedPoolFiles(base) : undefined;
  const body = (hash: string, text: string, use = WHOLE): Promise<StagedBody> => {
    const known = base.bodies.get(bodyFile(hash))?.body;
    if (known) return Promise.resolve(known);
    let making = made.get(hash);
    if (making === undefined) {
      making = writeBody(distDir, hash, text, use).then((stored) => (written.push(...filesOf(stored)), stored));
      made.set(hash, making);
    }
    return making;
  };
  return {
    body,
    async shards(patch) {
      let count = 0;
      const shards = await Promise.all(
        patch.shardFiles.map(async (shardFile, position): Promise<IndexShard> => {
          if (shardFile === base.shardFiles[position]) return base.root.shards[position] as IndexShard;
          const text = JSON.stringify(shardFile);
          const hash = contentHash(text);
          if (!inPool(bodyFile(hash))) {
            await body(hash, text);
            count++;
          }
          return {
            file: bodyFile(hash),
            size: Buffer.byteLength(text),
            entries: Object.keys(shardFile.entries).length,
          };
        }),
      );
      return { shards, written: count };
    },
    removeWritten: () => remove(written),
    async sweep(patch, root) {
      const removed = advanceIndex(base, patch, root);
      if (namedBefore === undefined) {
        await remove(removed);
        return removed.length;
      }
      const namedNow = namedPoolFiles(base);
      base.dropped = new Set([...namedBefore].filter((file) => !namedNow.has(file)));
      return sweepPool(distDir, [namedNow, namedBefore]);
    },
  };
}
