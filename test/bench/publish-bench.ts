// Publish benchmark: time and bytes to publish the 4,000-page site to a local S3-compatible server, in full and after
// one page changed, and the bytes a follower downloads for each. Run: npx tsx test/bench/publish-bench.ts [--pages N]
// (targets: the one-page publish uploads at most 1 % of the full publish's bytes; a follower downloads at most twice
// what was uploaded). Figures are given with and without the search index's bodies (keys `search:…`).
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { makeSite } from './make-site.ts';
import { startS3Server } from '../storage/s3-server.ts';
import { uploadSnapshot } from '../../generator/upload/upload-snapshot.ts';
import type { UploadOutcome } from '../../generator/upload/upload-snapshot.ts';
import { readSnapshotIndex } from '../../generator/write/read-snapshot-index.ts';
import { readLocalSnapshot } from '../../generator/upload/local-snapshot.ts';
import { syncSnapshot } from '../../gateway/follow/sync-snapshot.ts';
import { parsePointer, remoteKey } from '../../storage/remote-layout.ts';
import { getObject, listObjects } from '../../storage/store-objects.ts';
import type { Store } from '../../storage/store-objects.ts';
import { createStoreClient } from '../../storage/s3-client.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** One `snapi build` of `site` into `out` as its own process; throws with its error output when it fails. */
export function buildWithCli(site: string, out: string): void {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'generator', 'cli', 'build.ts'), '--site', site, '--out', out, '--json'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`build failed: ${run.stderr}`);
}

async function timedUpload(dist: string, store: Store): Promise<UploadOutcome & { seconds: number }> {
  const started = performance.now();
  const outcome = await uploadSnapshot({ dist, store, location: { bucket: store.bucket, prefix: PREFIX } });
  return { ...outcome, seconds: Number(((performance.now() - started) / 1000).toFixed(2)) };
}

const PREFIX = 'bench';

/** Downloads the bucket's current snapshot into the follower cache; the bytes it fetched. */
async function follow(store: Store, cacheDir: string): Promise<number> {
  const fetched = await getObject(store, remoteKey.pointer(PREFIX));
  if (fetched.kind !== 'found') throw new Error('no pointer in the bucket');
  const pointer = parsePointer(fetched.bytes.toString('utf8'), 'pointer');
  return (await syncSnapshot({ store, prefix: PREFIX, cacheDir, pointer })).downloadedBytes;
}

/** Bytes of the search bodies (keys `search:…`, in every encoding) that `current` has and `before` lacks. */
function newSearchBytes(current: string, before: Set<string>): { bytes: number; files: Set<string> } {
  const { index } = readSnapshotIndex(current);
  const files = new Map<string, number>();
  for (const [key, entry] of Object.entries(index.entries)) {
    if (!key.startsWith('search:')) continue;
    for (const stored of [entry, entry.gzip, entry.br]) if (stored) files.set(stored.file, stored.size);
  }
  const bytes = [...files].filter(([file]) => !before.has(file)).reduce((sum, [, size]) => sum + size, 0);
  return { bytes, files: new Set(files.keys()) };
}

async function storedSizes(store: Store): Promise<Map<string, number>> {
  return new Map((await listObjects(store, `${PREFIX}/`)).objects.map((object) => [object.key, object.size]));
}

/** What an upload added to the bucket, largest first, each named by what it is: the index key of a body (or `index
 *  shard`), `body list`, or the snapshot file. */
async function uploadedObjects(dist: string, before: Map<string, number>, after: Map<string, number>) {
  const { index, shards } = readSnapshotIndex(join(dist, 'current'));
  const keyOfFile = new Map<string, string>(shards.map((shard) => [shard.file, 'index shard']));
  for (const [key, entry] of Object.entries(index.entries))
    for (const stored of [entry, entry.gzip, entry.br]) if (stored) keyOfFile.set(stored.file, key);
  const fileOfDigest = new Map((await readLocalSnapshot(dist)).bodies.map((body) => [body.sha256, body.file]));
  const named = (key: string) => {
    if (key.startsWith(remoteKey.listsDir(PREFIX))) return 'body list';
    if (key.startsWith(remoteKey.snapshotsDir(PREFIX))) return key.slice(key.lastIndexOf('/') + 1);
    const file = fileOfDigest.get(key.slice(key.lastIndexOf('/') + 1).split('.')[0] ?? '');
    return file === undefined ? key : (keyOfFile.get(file) ?? file);
  };
  return [...after]
    .filter(([key, size]) => before.get(key) !== size)
    .sort((left, right) => right[1] - left[1])
    .map(([key, bytes]) => ({ object: named(key), bytes }));
}

/** Publishes a fresh site of `pages` pages in full, then after one page changed, and follows each; the figures. */
export async function runPublishBench(pages: number, workDir = join(ROOT, 'test', '.tmp', 'publish-bench')) {
  mkdirSync(workDir, { recursive: true });
  const site = makeSite({ directory: join(workDir, 'site'), pages });
  const dist = join(workDir, 'dist');
  const cacheDir = join(workDir, 'follower');
  rmSync(dist, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
  buildWithCli(site.site, dist);
  const server = await startS3Server('bench');
  // The publish command's own retries and timeouts: the test client's 5 s gives up on s3rver under load at 4,000 pages.
  const store: Store = { client: createStoreClient({ endpoint: server.endpoint }), bucket: server.store.bucket };
  try {
    const full = await timedUpload(dist, store);
    const fullSearch = newSearchBytes(join(dist, 'current'), new Set());
    const followedFull = await follow(store, cacheDir);
    const page = site.samplePages[0];
    if (page === undefined) throw new Error('the made site has no sample page');
    appendFileSync(page, '\nOne sentence added for the publish benchmark.\n');
    buildWithCli(site.site, dist);
    const storedBefore = await storedSizes(store);
    const onePage = await timedUpload(dist, store);
    const onePageObjects = await uploadedObjects(dist, storedBefore, await storedSizes(store));
    const onePageSearch = newSearchBytes(join(dist, 'current'), fullSearch.files);
    const followedOnePage = await follow(store, cacheDir);
    const ratio = onePage.uploadedBytes / full.uploadedBytes;
    const withoutSearch = (onePage.uploadedBytes - onePageSearch.bytes) / (full.uploadedBytes - fullSearch.bytes);
    const percent = (value: number) => Number((value * 100).toFixed(3));
    const pick = ({
      uploadedObjects,
      uploadedBytes,
      skippedObjects,
      seconds,
    }: UploadOutcome & { seconds: number }) => ({
      uploadedObjects,
      uploadedBytes,
      skippedObjects,
      seconds,
    });
    const result = {
      pages,
      full: pick(full),
      onePageChanged: pick(onePage),
      bytesRatioPercent: percent(ratio),
      targetMet: ratio <= 0.01,
      searchBytes: { full: fullSearch.bytes, onePageChanged: onePageSearch.bytes },
      withoutSearchBytesRatioPercent: percent(withoutSearch),
      follower: {
        fullDownloadedBytes: followedFull,
        onePageDownloadedBytes: followedOnePage,
        onePageDownloadedWithoutSearch: followedOnePage - onePageSearch.bytes,
        downloadedPerUploaded: Number((followedOnePage / onePage.uploadedBytes).toFixed(3)),
        targetMet: followedOnePage <= 2 * onePage.uploadedBytes,
      },
      onePageObjects,
    };
    return result;
  } finally {
    store.client.destroy();
    await server.remove();
  }
}

export type PublishBenchFigures = Awaited<ReturnType<typeof runPublishBench>>;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { pages: { type: 'string', default: '4000' } } });
  console.log(JSON.stringify(await runPublishBench(Number(values.pages)), null, 2));
}
