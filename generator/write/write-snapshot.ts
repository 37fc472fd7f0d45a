// The output shell: completes a staging snapshot beside the live one, then publishes it with one rename.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DIST_LAYOUT,
  SNAPSHOT_FORMAT,
  type ChangeReport,
  type IndexEntry,
  type IndexShard,
  type IndexShardFile,
  type SnapshotIndex,
  type SnapshotRoot,
} from '../../contract/snapshot.ts';
import { contentHash } from '../../contract/etag.ts';
import { indexShardOf, shardCount, splitEntries } from '../../contract/index-shards.ts';
import { sweepPool } from './body-pool.ts';
import { changesBetween } from './changes.ts';
import { namedFiles } from './read-snapshot-index.ts';
import { mapConcurrently } from './concurrency.ts';
import { openStaging, type Staging } from './snapshot-staging.ts';
import { indexEntryOf } from './staged-body.ts';
import { commitSnapshot } from './commit-snapshot.ts';
import type { BuildResult, BuiltResponse, StoredResponse } from '../types.ts';
import type { MediaObject } from '../types.ts';
import { publishedIndex, type PublishedIndex } from './published-index.ts';
import { deltaOf, nextHistory } from './history-writer.ts';
import type { HistoryPolicy } from '../../contract/history.ts';
import { accountsFileOf } from '../../contract/api-token.ts';

const WRITE_CONCURRENCY = 32;
/** Media files hashed and stored at once: each is streamed, so this bounds open files, not memory. */
const MEDIA_CONCURRENCY = 8;

export interface PublishOptions {
  distDir: string;
  baseUrl: string;
  builtAt: Date;
  /** `--keep-history` and `--keep-history-hours` (default HISTORY_DEFAULTS). */
  history?: HistoryPolicy | undefined;
}

export interface Published {
  id: string;
  directory: string;
  responses: number;
  files: number;
  bytes: number;
  /** The change report written to `changes.json`. */
  changes: ChangeReport;
  /** Index shards this build wrote (the others were the previous snapshot's). */
  shardsWritten: number;
  /** Pool files the sweep after the switch removed. */
  swept: number;
  /** The index as published, for a resident builder's next page-local build to patch. */
  index: PublishedIndex;
}

export function snapshotId(builtAt: Date): string {
  return (
    builtAt
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z') +
    '-' +
    randomBytes(3).toString('hex')
  );
}

/** Responses the build made with their body in hand; streamed content responses are already stored. */
function withBody(response: BuiltResponse | StoredResponse): response is BuiltResponse {
  return !('stored' in response);
}

/** Writes every body still in hand to the staging snapshot; the responses come back by reference, so the caller can
 *  let the bodies go before the next stage (the search index) needs its memory. */
export async function stageResponses(
  staging: Staging,
  responses: ReadonlyArray<BuiltResponse | StoredResponse>,
): Promise<StoredResponse[]> {
  const staged = await mapConcurrently(responses, WRITE_CONCURRENCY, async (response): Promise<StoredResponse> => {
    if (!withBody(response)) return response;
    const hash = response.hash ?? contentHash(response.body);
    await staging.store(hash, response.body, {
      pageContent: response.pageContent === true,
      compress: response.compress !== false,
    });
    return {
      key: response.key,
      stored: staging.sharedHash(hash),
      ...(response.restriction ? { restriction: response.restriction } : {}),
    };
  });
  await staging.settled();
  return staged;
}

/** Each media file as a response whose body is in the staging snapshot (linked or streamed in, never read whole). */
function stageMedia(staging: Staging, objects: readonly MediaObject[]): Promise<StoredResponse[]> {
  return mapConcurrently(objects, MEDIA_CONCURRENCY, async ({ key, path, restriction }) => ({
    key,
    stored: await staging.storeMedia(path),
    ...(restriction ? { restriction } : {}),
  }));
}

/** Writes the shards as content-addressed bodies through the staging snapshot: an unchanged shard has the hash of the
 *  previous snapshot's and is reused, not written. */
async function stageShards(
  staging: Staging,
  shardFiles: readonly IndexShardFile[],
): Promise<{ shards: IndexShard[]; written: number }> {
  let written = 0;
  // A few shards' texts at a time, not all 1,025 of a 40,000-page site at once.
  const shards = await mapConcurrently(shardFiles, WRITE_CONCURRENCY, async (shard) => {
    const text = JSON.stringify(shard);
    const hash = contentHash(text);
    if (!staging.reuse(hash)) written++;
    const body = await staging.store(hash, text, { pageContent: false, compress: false });
    return { ...body.identity, entries: Object.keys(shard.entries).length };
  });
  return { shards, written };
}

/** The index entries of `responses`, whole and split into shards as `splitEntries` splits them (each shard's keys in
 *  the order given), sharing their entry objects; with the count and bytes of the bodies they name. */
function indexOf(
  staging: Staging,
  responses: readonly StoredResponse[],
): { entries: Record<string, IndexEntry>; shardFiles: IndexShardFile[]; keys: number; files: number; bytes: number } {
  const keys = new Set(responses.map((response) => response.key)).size;
  const count = shardCount(keys, staging.previous?.shards.length || undefined);
  const shardFiles = splitEntries({}, count);
  const entries: Record<string, IndexEntry> = {};
  // One entry per body for the responses no restriction guards: a body answers three responses on average.
  const stored = new Map<string, IndexEntry>();
  let bytes = 0;
  for (const { key, stored: hash, restriction } of responses) {
    let entry = stored.get(hash);
    if (entry === undefined) {
      const body = staging.stored(hash);
      // A streamed body the staging snapshot does not hold would be published as a missing file.
      if (!body) throw new Error(`response ${key}: its body ${hash} is not in the staging snapshot`);
      entry = indexEntryOf(body, undefined);
      stored.set(hash, entry);
      bytes += body.identity.size;
    }
    const answer = restriction ? { ...entry, restriction } : entry;
    entries[key] = answer;
    (shardFiles[indexShardOf(key, count)] as IndexShardFile).entries[key] = answer;
  }
  return { entries, shardFiles, keys, files: stored.size, bytes };
}

/** Completes the staging snapshot with the rest of the build's bodies and its index, then makes it `current`.
 *  The caller discards the staging snapshot if this fails. */
export async function publishStaged(
  staging: Staging,
  result: BuildResult<BuiltResponse | StoredResponse>,
  options: Omit<PublishOptions, 'distDir'>,
): Promise<Published> {
  const { distDir, previous } = staging;
  const id = snapshotId(options.builtAt);
  const directory = join(distDir, DIST_LAYOUT.snapshotsDir, id);
  const responses = [
    ...(await stageResponses(staging, result.responses)),
    ...(await stageMedia(staging, result.media ?? [])),
  ];
  const { entries, shardFiles, keys, files, bytes } = indexOf(staging, responses);
  const { shards, written } = await stageShards(staging, shardFiles);
  const header: Omit<SnapshotRoot, 'shards'> = {
    format: SNAPSHOT_FORMAT,
    id,
    builtAt: options.builtAt.toISOString(),
    baseUrl: options.baseUrl,
    basePath: result.basePath,
    counts: { ...result.stats, responses: keys, bytes },
    access: result.access,
    restrictedSlugs: result.restrictedSlugs,
    userRecords: result.userRecords,
  };
  const builtAt = header.builtAt;
  const next = nextHistory(
    previous && { id: previous.id, builtAt: previous.index.builtAt, history: previous.index.history },
    { id, builtAt },
    previous && deltaOf(previous.id, id, previous.index, { ...header, entries }),
    { policy: options.history, readBody: (file) => readFileSync(join(distDir, file), 'utf8') },
  );
  for (const body of next.bodies) await staging.store(body.hash, body.text, { pageContent: false, compress: false });
  header.history = next.history;
  const index: SnapshotIndex = { ...header, entries };
  const root: SnapshotRoot = { ...header, shards };
  const accounts = JSON.stringify(accountsFileOf(result.accounts, result.tokens));
  const changes = changesBetween(previous?.index, index);
  const named = namedFiles({ index, shards });
  const before = previous ? namedFiles(previous) : new Set<string>();
  const swept = await commitSnapshot(
    distDir,
    staging.directory,
    { root, accounts, changes },
    { previous: previous?.id, sweep: () => sweepPool(distDir, [named, before]) },
  );
  const dropped = new Set([...before].filter((file) => !named.has(file)));
  return {
    id,
    directory,
    responses: keys,
    files,
    bytes,
    changes,
    shardsWritten: written,
    swept,
    index: publishedIndex(root, shardFiles, accounts, dropped),
  };
}

/** Publishes a whole build result at once (bodies in hand): stages it, then publishes; nothing changes on failure. */
export async function publishSnapshot(result: BuildResult, options: PublishOptions): Promise<Published> {
  const staging = await openStaging(options.distDir);
  try {
    return await publishStaged(staging, result, options);
  } catch (error) {
    await staging.discard();
    throw error;
  }
}
