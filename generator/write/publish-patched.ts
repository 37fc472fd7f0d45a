// Publishes the last snapshot with some entries replaced: new bodies go into the pool, only the index shards holding a
// replaced entry are written again, and the change report covers the replaced keys only, so a page-local build's
// publish costs what changed (docs/decisions.md: A page-local edit patches the last snapshot).
import { readFileSync } from 'node:fs';
import { readlink, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { HistoryPolicy } from '../../contract/history.ts';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { openStagingFolder } from './body-pool.ts';
import { commitSnapshot } from './commit-snapshot.ts';
import { nextHistory } from './history-writer.ts';
import { patchEntries, patchedRoot, type PatchedResponse } from './patch-entries.ts';
import { patchWriter } from './patch-writer.ts';
import { entryOf, type PublishedIndex } from './published-index.ts';
import { snapshotId, type Published } from './write-snapshot.ts';

export interface PatchOptions {
  builtAt: Date;
  /** Called just before the switch; a throw publishes nothing (`watch`'s check that no input changed meanwhile). */
  beforeSwitch?: () => void;
  history?: HistoryPolicy | undefined;
}

/** The snapshot published from `base` with `responses` replacing their keys' entries; undefined (nothing written)
 *  when `current` is no longer `base` or a key is not in it: the caller builds the whole site then. `base` is updated
 *  in place once the new snapshot is current, and returned as the new snapshot's index. */
export async function publishPatched(
  distDir: string,
  base: PublishedIndex,
  responses: readonly PatchedResponse[],
  options: PatchOptions,
): Promise<Published | undefined> {
  const link = await readlink(join(distDir, DIST_LAYOUT.currentLink)).catch(() => undefined);
  if (link !== join(DIST_LAYOUT.snapshotsDir, base.root.id)) return undefined;
  if (responses.some(({ key }) => entryOf(base, key) === undefined)) return undefined;
  const pool = patchWriter(distDir, base);
  const bodies = await Promise.all(responses.map(({ hash, body, use }) => pool.body(hash, body, use)));
  const patch = patchEntries(base, responses, bodies);
  const { shards, written } = await pool.shards(patch);
  const id = snapshotId(options.builtAt);
  const { root, delta, changes } = patchedRoot(base, patch, id, options.builtAt, shards);
  const readBody = (file: string) => readFileSync(join(distDir, file), 'utf8');
  const next = nextHistory(base.root, root, delta, { policy: options.history, readBody });
  for (const body of next.bodies) await pool.body(body.hash, body.text);
  root.history = next.history;
  const staging = await openStagingFolder(distDir).catch(async (error: unknown) => {
    await pool.removeWritten();
    throw error;
  });
  const swept = await commitSnapshot(
    distDir,
    staging.directory,
    { root, accounts: base.accounts, changes },
    {
      previous: base.root.id,
      beforeSwitch: options.beforeSwitch,
      discard: async () => {
        await rm(staging.directory, { recursive: true, force: true });
        await pool.removeWritten();
      },
      sweep: () => pool.sweep(patch, root),
    },
  );
  const directory = join(distDir, DIST_LAYOUT.snapshotsDir, id);
  const { responses: count, bytes } = root.counts;
  return {
    id,
    directory,
    responses: count,
    files: base.bodies.size,
    bytes,
    changes,
    shardsWritten: written,
    swept,
    index: base,
  };
}
