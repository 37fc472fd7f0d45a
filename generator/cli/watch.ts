// `npm run watch -- --site DIR --out DIR [--publish s3://BUCKET/PREFIX]`: beside a live site folder, build and publish
// every change, one JSON line per event (generator/watch/watch-site.ts).
import {
  CommandFailure,
  parseBaseUrl,
  parseCommandLine,
  parsePort,
  parseSeconds,
  runCommand,
  UsageError,
} from '../../terminal/command-line.ts';
import { eventLine } from '../../contract/event-line.ts';
import { createStoreClient } from '../../storage/s3-client.ts';
import { parseS3Location } from '../../storage/s3-location.ts';
import { describeStoreError, isStoreError } from '../../storage/store-error.ts';
import { uploadSnapshot } from '../upload/upload-snapshot.ts';
import { siteFolderProblem } from '../load/site-folder.ts';
import { outFolderProblem } from '../load/out-folder.ts';
import { startWatching } from '../watch/watch-site.ts';
import { HISTORY_OPTIONS, HISTORY_USAGE, parseHistoryPolicy } from './history-options.ts';
import { createWatchMetrics, type WatchMetrics } from '../watch/watch-metrics.ts';
import { DEFAULT_METRICS_HOST, DEFAULT_METRICS_PORT, startMetricsListener } from '../../terminal/metrics-listener.ts';
import { ensureCanListen } from '../../terminal/listen-check.ts';

const WATCH = {
  name: 'watch',
  usage: `usage: snapi watch [--site DIR] [--out DIR] [--base-url URL] [--poll SECONDS] [--publish s3://BUCKET/PREFIX] [--endpoint URL] [--region R] [--keep-history N] [--keep-history-hours H]
       (npm run watch -- … takes the same options)

Builds the site folder, then builds and publishes again after every change saved in content/, settings/, plugins/,
themes/ or media/: beside a live Typemill installation, the API follows every edit. A file still being written is
never published; a change that breaks the build keeps the previous snapshot. One JSON line per event on stdout.
Folder watches report each save (written in place, renamed over, deleted and created); every 10 s the stamps (size,
time, inode) of every watched file are compared as well, and a rescan replaces watches that fail.
  --site DIR        the site folder, e.g. the Typemill installation (default .)
  --out DIR         the snapshot folder a gateway serves (default ./dist)
  --base-url URL    public base URL (default http://localhost:8080)
  --poll SECONDS    no file watcher: compare the files' stamps this often (network file systems, where events
                    from other machines never arrive)
  --publish s3://…  also upload each snapshot to object storage (credentials from AWS_* variables)
  --endpoint URL    S3-compatible endpoint (R2, MinIO); --region R its region
${HISTORY_USAGE}
  --metrics         Prometheus metrics at /metrics on their own listener: last publish, failed builds, rescans
  --metrics-host H  the metrics listener's address (default 127.0.0.1); --metrics-port N its port (default 9464)

example: snapi watch --site /var/www/typemill --out /srv/snapi/dist --base-url https://docs.example.org`,
  options: {
    site: { type: 'string', default: '.' },
    out: { type: 'string', default: './dist' },
    'base-url': { type: 'string', default: 'http://localhost:8080' },
    poll: { type: 'string' },
    publish: { type: 'string' },
    endpoint: { type: 'string' },
    region: { type: 'string' },
    ...HISTORY_OPTIONS,
    metrics: { type: 'boolean', default: false },
    'metrics-host': { type: 'string', default: DEFAULT_METRICS_HOST },
    'metrics-port': { type: 'string', default: String(DEFAULT_METRICS_PORT) },
  },
} as const;

function uploader(target: string, values: Record<string, unknown>, out: string) {
  let location: ReturnType<typeof parseS3Location>;
  try {
    location = parseS3Location(target, '--publish');
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const client = createStoreClient(
    { endpoint: values.endpoint as string | undefined, region: values.region as string | undefined },
    process.env,
  );
  const store = { client, bucket: location.bucket };
  return async () => {
    try {
      const { snapshot, uploadedObjects, uploadedBytes, skippedObjects } = await uploadSnapshot({
        dist: out,
        store,
        location,
      });
      return { snapshot, to: target, uploadedObjects, uploadedBytes, skippedObjects };
    } catch (error) {
      throw new Error(
        isStoreError(error)
          ? describeStoreError(error, location)
          : error instanceof Error
            ? error.message
            : String(error),
      );
    }
  };
}

/** `--metrics`: the listener starts before the first build, so a scrape sees watch from its start. */
async function startWatchMetrics(values: Record<string, unknown>): Promise<WatchMetrics> {
  const host = String(values['metrics-host']);
  const port = parsePort(String(values['metrics-port']), '--metrics-port');
  await ensureCanListen(host, port);
  const metrics = createWatchMetrics();
  const listener = await startMetricsListener(metrics.registry, host, port);
  console.log(eventLine('metrics', { url: listener.url }, new Date()));
  return metrics;
}

runCommand(WATCH, async () => {
  const values = parseCommandLine(WATCH, process.argv.slice(2));
  const site = String(values.site);
  const out = String(values.out);
  const baseUrl = parseBaseUrl(String(values['base-url']));
  const history = parseHistoryPolicy(values);
  const pollMs = typeof values.poll === 'string' ? parseSeconds(values.poll, '--poll') * 1000 : undefined;
  const folder = siteFolderProblem(site);
  if (folder !== undefined)
    throw folder.kind === 'usage' ? new UsageError(folder.message) : new CommandFailure(folder.message);
  const outProblem = outFolderProblem(site, out);
  if (outProblem !== undefined) throw new UsageError(outProblem);
  const upload = typeof values.publish === 'string' ? uploader(values.publish, values, out) : undefined;
  const metrics = values.metrics === true ? await startWatchMetrics(values) : undefined;
  const log = (event: string, details: Record<string, unknown>) => {
    metrics?.onEvent(event);
    console.log(eventLine(event, details, new Date()));
  };
  log('watching', {
    site,
    out,
    ...(pollMs !== undefined ? { pollSeconds: pollMs / 1000 } : {}),
    ...(typeof values.publish === 'string' ? { publish: values.publish } : {}),
  });
  const watching = startWatching({
    site,
    out,
    baseUrl,
    log,
    build: { history },
    ...(upload ? { upload } : {}),
    ...(pollMs !== undefined ? { pollMs } : {}),
  });
  const stop = (): void =>
    void watching.close().then(() => {
      log('stopped', {});
      process.exit(0);
    });
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
});
