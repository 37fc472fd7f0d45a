// Publish benchmark: time and bytes to publish the 4,000-page site to a local S3-compatible server, in full and after
// one page changed. Run: npx tsx test/bench/publish-bench.ts [--pages N] (target: the one-page publish uploads at most
// 1 % of the full publish's bytes)
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { makeSite } from './make-site.ts';
import { startS3Server } from '../storage/s3-server.ts';
import { publishToStore } from '../../generator/upload/publish-to-store.ts';
import type { PublishOutcome } from '../../generator/upload/publish-to-store.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({ options: { pages: { type: 'string', default: '4000' } } });
const pages = Number(values.pages);
const workDir = join(ROOT, 'test', '.tmp', 'publish-bench');
mkdirSync(workDir, { recursive: true });

function build(site: string, out: string): void {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'generator', 'cli', 'build.ts'), '--site', site, '--out', out, '--json'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`build failed: ${run.stderr}`);
}

async function timedPublish(
  dist: string,
  server: Awaited<ReturnType<typeof startS3Server>>,
): Promise<PublishOutcome & { seconds: number }> {
  const started = performance.now();
  const outcome = await publishToStore({
    dist,
    store: server.store,
    location: { bucket: server.store.bucket, prefix: 'bench' },
  });
  return { ...outcome, seconds: Number(((performance.now() - started) / 1000).toFixed(2)) };
}

const site = makeSite({ directory: join(workDir, 'site'), pages });
const dist = join(workDir, 'dist');
rmSync(dist, { recursive: true, force: true });
build(site.site, dist);
const server = await startS3Server('bench');
try {
  const full = await timedPublish(dist, server);
  const page = site.samplePages[0];
  if (page === undefined) throw new Error('the made site has no sample page');
  appendFileSync(page, '\nOne sentence added for the publish benchmark.\n');
  build(site.site, dist);
  const onePage = await timedPublish(dist, server);
  const ratio = onePage.uploadedBytes / full.uploadedBytes;
  const pick = ({ uploadedObjects, uploadedBytes, skippedObjects, seconds }: PublishOutcome & { seconds: number }) => ({
    uploadedObjects,
    uploadedBytes,
    skippedObjects,
    seconds,
  });
  const result = {
    pages,
    full: pick(full),
    onePageChanged: pick(onePage),
    bytesRatioPercent: Number((ratio * 100).toFixed(3)),
    targetMet: ratio <= 0.01,
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await server.remove();
}
