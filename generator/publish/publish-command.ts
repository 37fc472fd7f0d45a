// The publish command as a function of its arguments and environment: it writes its lines and returns the exit code.
import { parseArgs } from 'node:util';
import { createStoreClient } from '../../gateway/follow/s3-client.ts';
import { parseS3Location } from '../../gateway/follow/s3-location.ts';
import type { S3Location } from '../../gateway/follow/s3-location.ts';
import { describeStoreError, isStoreError } from '../../gateway/follow/store-error.ts';
import { collectGarbage } from './collect-garbage.ts';
import type { GarbageOutcome } from './collect-garbage.ts';
import { publishToStore } from './publish-to-store.ts';
import type { PublishOutcome } from './publish-to-store.ts';
import { startUploadProgress } from './upload-progress.ts';

export const USAGE = 'usage: npm run publish -- --dist DIR --to s3://BUCKET/PREFIX [--endpoint URL] [--region R] [--keep N] [--json]';

export interface CommandIo {
  out: (line: string) => void;
  error: (line: string) => void;
  /** The terminal for the progress line; absent or not a TTY: no progress line. */
  progressStream?: NodeJS.WriteStream;
  environment: NodeJS.ProcessEnv;
}

interface PublishOptions {
  dist: string;
  location: S3Location;
  endpoint: string | undefined;
  region: string | undefined;
  keep: number | undefined;
  json: boolean;
}

function parseOptions(argv: string[]): PublishOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      dist: { type: 'string', default: './dist' },
      to: { type: 'string' },
      endpoint: { type: 'string' },
      region: { type: 'string' },
      keep: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (values.to === undefined) throw new Error('--to s3://BUCKET/PREFIX is required');
  if (values.keep !== undefined && !/^[1-9][0-9]{0,5}$/.test(values.keep)) throw new Error(`--keep "${values.keep}" must be a whole number of snapshots, at least 1`);
  return {
    dist: values.dist, location: parseS3Location(values.to, '--to'), endpoint: values.endpoint, region: values.region,
    keep: values.keep === undefined ? undefined : Number(values.keep), json: values.json,
  };
}

function summaryLine(outcome: PublishOutcome, garbage: GarbageOutcome | undefined, seconds: number): string {
  const collected = garbage === undefined ? '' : `; kept ${garbage.keptSnapshots.length} snapshot(s), deleted ${garbage.deletedSnapshots.length} snapshot(s) and ${garbage.deletedObjects} object(s)`;
  const repaired = outcome.repairedObjects === 0 ? '' : `, ${outcome.repairedObjects} of them replacing a wrong object in the bucket`;
  return `snapi publish: ${outcome.snapshot} is current at ${outcome.target} (was ${outcome.previous ?? 'none'}): uploaded ${outcome.uploadedObjects} objects (${outcome.uploadedBytes} bytes)${repaired}, skipped ${outcome.skippedObjects} already stored, in ${seconds} s${collected}`;
}

/** 0 published, 1 failed (one line on error), 2 usage error. */
export async function runPublishCommand(argv: string[], io: CommandIo): Promise<number> {
  let options: PublishOptions;
  let client;
  try {
    options = parseOptions(argv);
    client = createStoreClient({ endpoint: options.endpoint, region: options.region }, io.environment);
  } catch (error) {
    io.error(`snapi publish: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const started = performance.now();
  const store = { client, bucket: options.location.bucket };
  const progress = io.progressStream ? startUploadProgress(io.progressStream) : undefined;
  try {
    const outcome = await publishToStore({ dist: options.dist, store, location: options.location, ...(progress ? { onProgress: progress.update } : {}) });
    progress?.stop();
    const garbage = options.keep === undefined ? undefined : await collectGarbage(store, options.location, outcome.snapshot, options.keep);
    const seconds = Number(((performance.now() - started) / 1000).toFixed(2));
    io.out(options.json ? JSON.stringify({ ...outcome, seconds, ...(garbage ? { garbage } : {}) }) : summaryLine(outcome, garbage, seconds));
    return 0;
  } catch (error) {
    progress?.stop();
    const reason = isStoreError(error) ? describeStoreError(error, options.location) : error instanceof Error ? error.message : String(error);
    io.error(`snapi publish: failed: ${reason}`);
    return 1;
  } finally {
    client.destroy();
  }
}
