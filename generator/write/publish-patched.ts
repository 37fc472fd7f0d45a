// Publishes the last snapshot with some entries replaced: new bodies go into the pool, only the index shards holding a
// replaced entry are written again, and the change report covers the replaced keys only, so a page-local build's
// publish costs what changed (docs/decisions.md: A page-local edit patches the last snapshot).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { indexShardOf } from '../../contract/index-shards.ts';
import { contentHash, etagOf } from '../../contract/etag.ts';
import type { IndexEntry, IndexShardFile, Restriction, SnapshotIndex } from '../../contract/snapshot.ts';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { changesBetween } from './changes.ts';
import { sweepPool } from './body-pool.ts';
import { writeBody, type BodyUse } from './snapshot-staging.ts';
import type { StagedBody } from './staged-body.ts';
import { bodyOfEntry, namedPoolFiles, poolName, type NamedBody, type PublishedIndex } from './published-index.ts';
import { snapshotId, switchCurrent, type Published } from './write-snapshot.ts';
import { deltaOf, nextHistory } from './history-writer.ts';
import { historyFiles, type HistoryPolicy } from '../../contract/history.ts';

/** A response whose body replaces its key's body in the last snapshot. */
export interface PatchedResponse {
  key: string;
  body: string;
  hash: string;
  use: BodyUse;
  restriction?: Restriction;
}

export interface PatchOptions {
  builtAt: Date;
  /** Called just before the switch; a throw publishes nothing (`watch`'s check that no input changed meanwhile). */
  beforeSwitch?: () => void;
  history?: HistoryPolicy | undefined;
}

const BODY_FILE = (hash: string) => `${DIST_LAYOUT.bodiesDir}/${hash}.json`;

function filesOf(body: StagedBody): string[] {
  return [body.identity, body.gzip, body.br].flatMap((file) => (file ? [file.file] : []));
}

function entryFor(body: StagedBody, restriction: Restriction | undefined): IndexEntry {
  return {
    ...body.identity,
    etag: etagOf(body.hash),
    ...(body.gzip ? { gzip: body.gzip } : {}),
    ...(body.br ? { br: body.br } : {}),
    ...(restriction ? { restriction } : {}),
  };
}

const sameEntry = (left: IndexEntry, right: IndexEntry) => JSON.stringify(left) === JSON.stringify(right);

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
  const count = base.shardFiles.length;
  if (responses.some(({ key }) => base.shardFiles[indexShardOf(key, count)]?.entries[key] === undefined))
    return undefined;

  const written: string[] = [];
  // Without the files the snapshot before `base` alone named, the pool is swept whole after the switch.
  const namedBefore = base.dropped === undefined ? namedPoolFiles(base) : undefined;
  const inPool = (file: string) => base.bodies.has(file) || base.dropped?.has(file) === true;
  // Bodies this build made, by hash: live and draft are often one body.
  const made = new Map<string, Promise<StagedBody>>();
  const bodyFor = ({ hash, body, use }: PatchedResponse): Promise<StagedBody> => {
    let staged = made.get(hash);
    if (staged === undefined) {
      const named = base.bodies.get(BODY_FILE(hash))?.body;
      staged = named
        ? Promise.resolve(named)
        : writeBody(distDir, hash, body, use).then((stored) => (written.push(...filesOf(stored)), stored));
      made.set(hash, staged);
    }
    return staged;
  };
  const bodies = await Promise.all(responses.map(bodyFor));

  const shardFiles = [...base.shardFiles];
  const before: Record<string, IndexEntry> = {};
  const after: Record<string, IndexEntry> = {};
  const usesChange = new Map<string, { body: StagedBody; change: number }>();
  const use = (body: StagedBody, change: number) => {
    const known = usesChange.get(body.identity.file);
    if (known) known.change += change;
    else usesChange.set(body.identity.file, { body, change });
  };
  responses.forEach((response, position) => {
    const body = bodies[position] as StagedBody;
    const shard = indexShardOf(response.key, count);
    const old = (shardFiles[shard] as IndexShardFile).entries[response.key] as IndexEntry;
    const entry = entryFor(body, response.restriction);
    if (sameEntry(old, entry)) return;
    if (shardFiles[shard] === base.shardFiles[shard]) {
      const kept = base.shardFiles[shard] as IndexShardFile;
      shardFiles[shard] = { ...kept, entries: { ...kept.entries } };
    }
    (shardFiles[shard] as IndexShardFile).entries[response.key] = entry;
    before[response.key] = old;
    after[response.key] = entry;
    const oldBody = base.bodies.get(old.file)?.body;
    if (oldBody) use(oldBody, -1);
    use(body, 1);
  });

  let bytes = base.root.counts.bytes;
  for (const [file, { body, change }] of usesChange) {
    const uses = base.bodies.get(file)?.uses ?? 0;
    if (uses === 0 && change > 0) bytes += body.identity.size;
    if (uses > 0 && uses + change === 0) bytes -= body.identity.size;
  }
  const shards = [...base.root.shards];
  let shardsWritten = 0;
  await Promise.all(
    shardFiles.map(async (shardFile, shard) => {
      if (shardFile === base.shardFiles[shard]) return;
      const text = JSON.stringify(shardFile);
      const hash = contentHash(text);
      const file = BODY_FILE(hash);
      if (!base.root.shards.some((known) => known.file === file) && !inPool(file)) {
        await writeBody(distDir, hash, text, { pageContent: false, compress: false });
        written.push(file);
        shardsWritten++;
      }
      shards[shard] = { file, size: Buffer.byteLength(text), entries: Object.keys(shardFile.entries).length };
    }),
  );

  const id = snapshotId(options.builtAt);
  const root = { ...base.root, id, builtAt: options.builtAt.toISOString(), counts: { ...base.root.counts, bytes } };
  root.shards = shards;
  const unchanged = { restrictedSlugs: {}, userRecords: {} };
  const next = nextHistory(
    base.root,
    root,
    deltaOf(base.root.id, id, { entries: before, ...unchanged }, { entries: after, ...unchanged }),
    { policy: options.history, readBody: (file) => readFileSync(join(distDir, file), 'utf8') },
  );
  for (const body of next.bodies) {
    await writeBody(distDir, body.hash, body.text, { pageContent: false, compress: false });
    written.push(`${DIST_LAYOUT.bodiesDir}/${body.hash}.json`);
  }
  root.history = next.history;
  const { shards: _shards, ...header } = root;
  const { shards: _baseShards, ...baseHeader } = base.root;
  const changes = changesBetween(
    { ...baseHeader, entries: before, restrictedSlugs: {} } satisfies SnapshotIndex,
    { ...header, entries: after, restrictedSlugs: {} } satisfies SnapshotIndex,
  );
  const staging = join(distDir, DIST_LAYOUT.snapshotsDir, `.staging-${randomBytes(6).toString('hex')}`);
  try {
    await mkdir(staging);
    await symlink(DIST_LAYOUT.poolLink, join(staging, DIST_LAYOUT.bodiesDir));
    await writeFile(join(staging, DIST_LAYOUT.indexFile), JSON.stringify(root));
    await writeFile(join(staging, DIST_LAYOUT.accountsFile), base.accounts, { mode: 0o600 });
    await writeFile(join(staging, DIST_LAYOUT.changesFile), JSON.stringify(changes, null, 2));
    options.beforeSwitch?.();
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    for (const file of written) await rm(join(distDir, DIST_LAYOUT.poolDir, poolName(file)), { force: true });
    throw error;
  }
  await switchCurrent(distDir, staging, id, base.root.id);

  // The new snapshot is current: `base` becomes its index, and what the snapshot before `base` alone named goes.
  const dropped = new Set<string>();
  for (const [file, { body, change }] of usesChange) {
    const named: NamedBody | undefined = base.bodies.get(file);
    const uses = (named?.uses ?? 0) + change;
    if (uses > 0) base.bodies.set(file, { body: named?.body ?? body, uses });
    else if (named) {
      base.bodies.delete(file);
      for (const gone of filesOf(named.body)) dropped.add(gone);
    }
  }
  base.root.shards.forEach((shard, position) => {
    if (shards[position]?.file !== shard.file) dropped.add(shard.file);
  });
  const namedAgain = new Set([...Object.values(after).flatMap((entry) => filesOf(bodyOfEntry(entry)))]);
  for (const shard of shards) namedAgain.add(shard.file);
  // Deltas frozen into a chunk and pruned chunks: removed with the next publish, like the bodies it dropped.
  const historyNow = new Set(historyFiles(root.history));
  for (const file of historyFiles(base.root.history)) if (!historyNow.has(file)) dropped.add(file);
  for (const file of historyNow) namedAgain.add(file);
  let swept = 0;
  for (const file of base.dropped ?? []) {
    if (namedAgain.has(file)) continue;
    await rm(join(distDir, DIST_LAYOUT.poolDir, poolName(file)), { force: true });
    swept++;
  }
  for (const file of namedAgain) dropped.delete(file);
  base.root = root;
  base.shardFiles = shardFiles;
  base.dropped = dropped;
  if (namedBefore !== undefined) {
    const namedNow = namedPoolFiles(base);
    swept = await sweepPool(distDir, [namedNow, namedBefore]);
    base.dropped = new Set([...namedBefore].filter((file) => !namedNow.has(file)));
  }
  return {
    id,
    directory: join(distDir, DIST_LAYOUT.snapshotsDir, id),
    responses: root.counts.responses,
    files: base.bodies.size,
    bytes,
    changes,
    shardsWritten,
    swept,
    index: base,
  };
}
