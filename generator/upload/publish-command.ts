// The publish command as a function of its arguments and environment: it writes its lines and returns the exit code.
import { formatCommandError, parseCommandLine, UsageError } from '../../terminal/command-line.ts';
import { createStoreClient } from '../../storage/s3-client.ts';
import { parseS3Location } from '../../storage/s3-location.ts';
import type { S3Location } from '../../storage/s3-location.ts';
import { describeStoreError, isStoreError } from '../../storage/store-error.ts';
import { collectGarbage } from './collect-garbage.ts';
import type { GarbageOutcome } from './collect-garbage.ts';
import { uploadSnapshot } from './upload-snapshot.ts';
import type { UploadOutcome } from './upload-snapshot.ts';
import { startUploadProgress } from './upload-progress.ts';

export const USAGE = `usage: snapi publish --dist DIR --to s3://BUCKET/PREFIX [--endpoint URL] [--region R] [--keep N] [--json]
       (npm run publish -- … takes the same options)

Uploads the snapshot DIR/current to S3-compatible storage: bodies the bucket lacks or holds wrongly, then the
manifest, the pointer last. Credentials from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION.
  --dist DIR        the snapshot folder npm run build wrote (required)
  --to s3://…       bucket and prefix to publish to (required)
  --endpoint URL    S3-compatible endpoint (R2, MinIO); --region R its region
  --keep N          afterwards delete all but the N newest snapshots and their unused objects
  --json            print the outcome as one JSON object

example: snapi publish --dist ./dist --to s3://docs-bucket/handbook --keep 3`;

const PUBLISH = {
  name: 'publish',
  usage: USAGE,
  options: {
    dist: { type: 'string' },
    to: { type: 'string' },
    endpoint: { type: 'string' },
    region: { type: 'string' },
    keep: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
} as const;

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
  const values = parseCommandLine(PUBLISH, argv);
  const text = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined);
  const dist = text('dist');
  const to = text('to');
  const keep = text('keep');
  // Required, never defaulted: a publish from the wrong folder replaces what every follower serves.
  if (dist === undefined) throw new UsageError('--dist DIR is required: the snapshot folder npm run build wrote');
  if (to === undefined) throw new UsageError('--to s3://BUCKET/PREFIX is required');
  if (keep !== undefined && !/^[1-9][0-9]{0,5}$/.test(keep))
    throw new UsageError(`--keep "${keep}" must be a whole number of snapshots, at least 1`);
  return {
    dist,
    location: parseS3Location(to, '--to'),
    endpoint: text('endpoint'),
    region: text('region'),
    keep: keep === undefined ? undefined : Number(keep),
    json: values.json === true,
  };
}

function summaryLine(outcome: UploadOutcome, garbage: GarbageOutcome | undefined, seconds: number): string {
  const collected =
    garbage === undefined
      ? ''
      : `; kept ${garbage.keptSnapshots.length} snapshot(s), deleted ${garbage.deletedSnapshots.length} snapshot(s) and ${garbage.deletedObjects} object(s)`;
  const repaired =
    outcome.repairedObjects === 0 ? '' : `, ${outcome.repairedObjects} of them replacing a wrong object in the bucket`;
  return `snapi publish: ${outcome.snapshot} is current at ${outcome.target} (was ${outcome.previous ?? 'none'}): uploaded ${outcome.uploadedObjects} objects (${outcome.uploadedBytes} bytes)${repaired}, skipped ${outcome.skippedObjects} already stored, in ${seconds} s${collected}`;
}

/** 0 published, 1 failed (one line on error), 2 usage error. */
export async function runPublishCommand(argv: string[], io: CommandIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  let options: PublishOptions;
  let client: ReturnType<typeof createStoreClient>;
  try {
    options = parseOptions(argv);
    client = createStoreClient({ endpoint: options.endpoint, region: options.region }, io.environment);
  } catch (error) {
    const usage = error instanceof UsageError ? error : new UsageError((error as Error).message);
    io.error(formatCommandError(PUBLISH, usage).line);
    return 2;
  }
  const started = performance.now();
  const store = { client, bucket: options.location.bucket };
  const progress = io.progressStream ? startUploadProgress(io.progressStream) : undefined;
  try {
    const outcome = await uploadSnapshot({
      dist: options.dist,
      store,
      location: options.location,
      ...(progress ? { onProgress: progress.update } : {}),
    });
    progress?.stop();
    const garbage =
      options.keep === undefined
        ? undefined
        : await collectGarbage(store, options.location, outcome.snapshot, options.keep);
    const seconds = Number(((performance.now() - started) / 1000).toFixed(2));
    io.out(
      options.json
        ? JSON.stringify({ ...outcome, seconds, ...(garbage ? { garbage } : {}) })
        : summaryLine(outcome, garbage, seconds),
    );
    return 0;
  } catch (error) {
    progress?.stop();
    const reason = isStoreError(error)
      ? describeStoreError(error, options.location)
      : error instanceof Error
        ? error.message
        : String(error);
    io.error(`snapi publish: failed: ${reason}`);
    return 1;
  } finally {
    client.destroy();
  }
}
