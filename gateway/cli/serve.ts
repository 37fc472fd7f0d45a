// CLI of the gateway: `npm run serve -- [--dist DIR] [--port N] [--host H] [--cdn] [--public-llms]`, or with `--from
// s3://BUCKET/PREFIX` (follow/serve-from.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CommandFailure, parseCommandLine, parsePort, runCommand, UsageError } from '../../terminal/command-line.ts';
import { describeListenError, ensureCanListen } from '../../terminal/listen-check.ts';
import type { Gateway } from '../http/server.ts';
import { parseS3Location } from '../../storage/s3-location.ts';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { WEBHOOK_OPTIONS, parseWebhookOptions } from '../webhooks/webhook-options.ts';
import { checkStateFolder } from '../webhooks/receiver-state.ts';
import { DEFAULT_METRICS_HOST, DEFAULT_METRICS_PORT, startMetricsListener } from '../../terminal/metrics-listener.ts';
import type { GatewayMetrics } from '../metrics/gateway-metrics.ts';

const SERVE = {
  name: 'serve',
  usage: `usage: snapi serve [--dist DIR] [--port N] [--host H] [--cdn] [--public-llms] [--webhook NAME=URL … --state DIR]
       snapi serve --from s3://BUCKET/PREFIX [--endpoint URL] [--region R] [--poll SECONDS] [--cache DIR] [--port N] [--host H] [--cdn] [--public-llms]
       (npm run serve -- … takes the same options)

Serves the snapshot DIR/current (built by npm run build), or follows a bucket that npm run publish writes to.
  --dist DIR        the snapshot folder (default ./dist)
  --port N          port to listen on (default 8080)
  --host H          address to listen on (default 127.0.0.1)
  --cdn             shared answers are public, no-cache, for a CDN that revalidates
  --public-llms     llms.txt, llms-full.txt and <page>.md answer callers without credentials: the public view
  --from s3://…     follow a published snapshot in object storage (credentials from AWS_* variables)
  --endpoint URL    S3-compatible endpoint (R2, MinIO); --region R its region
  --poll SECONDS    how often to look for a new snapshot (default 10)
  --cache DIR       where followed snapshots are kept (default ./snapi-cache)
  --webhook NAME=URL            send receiver NAME a signed snapshot.served event per snapshot (repeatable;
                                https, or http on loopback); its secret from --webhook-secret-file NAME=PATH
                                (whsec_… lines); --webhook-role NAME=ROLE (default author) filters its lists
  --state DIR       where pending webhook deliveries are kept (required with --webhook)
  --revoked-tokens FILE  API token names or SHA-256 hashes to refuse at once, one per line (read again on SIGHUP)
  --metrics         Prometheus metrics at /metrics on their own listener (never on --port)
  --metrics-host H  the metrics listener's address (default 127.0.0.1); --metrics-port N its port (default 9464)

example: snapi serve --dist ./dist --port 8080 --host 0.0.0.0`,
  options: {
    dist: { type: 'string', default: './dist' },
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    cdn: { type: 'boolean', default: false },
    'public-llms': { type: 'boolean', default: false },
    from: { type: 'string' },
    endpoint: { type: 'string' },
    region: { type: 'string' },
    poll: { type: 'string' },
    cache: { type: 'string' },
    ...WEBHOOK_OPTIONS,
    'revoked-tokens': { type: 'string' },
    metrics: { type: 'boolean', default: false },
    'metrics-host': { type: 'string', default: DEFAULT_METRICS_HOST },
    'metrics-port': { type: 'string', default: String(DEFAULT_METRICS_PORT) },
  },
} as const;

/** Loaded after the command line is read, so `--help` and a usage error do not pay for parsing the gateway. */
const serverModule = () => import('../http/server.ts');

/** Loaded only with --from: the S3 SDK costs start-up time a gateway serving a local dist does not need to pay. */
const followModule = () => import('../follow/serve-from.ts');

/** Loaded only with --metrics: prom-client is not start-up time a gateway without metrics pays. */
const metricsModule = () => import('../metrics/gateway-metrics.ts');

/** A thrown `gateway: --x …` check as a usage error without the prefix. */
function asUsage<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^gateway: /, ''));
  }
}

async function startFromOptions(
  values: Record<string, string | boolean | undefined>,
  port: number,
  host: string,
  metrics: GatewayMetrics | undefined,
): Promise<Gateway> {
  const webhooks = asUsage(() => parseWebhookOptions(values));
  if (webhooks !== undefined) asUsage(() => checkStateFolder(webhooks.stateDir));
  const retryBase = process.env.SNAPI_WEBHOOK_RETRY_BASE_MS;
  const revoked = values['revoked-tokens'];
  const common = {
    ...(metrics === undefined ? {} : { metrics }),
    port,
    host,
    cdn: values.cdn === true,
    publicLlms: values['public-llms'] === true,
    ...(typeof revoked === 'string' ? { revokedTokens: revoked } : {}),
    ...(webhooks === undefined ? {} : { webhooks }),
    ...(retryBase !== undefined && /^[0-9]{1,7}$/.test(retryBase) ? { webhookRetryBaseMs: Number(retryBase) } : {}),
  };
  const from = typeof values.from === 'string' ? values.from : undefined;
  if (from === undefined) {
    const dist = String(values.dist);
    if (!existsSync(join(dist, DIST_LAYOUT.currentLink))) {
      throw new CommandFailure(`no snapshot in ${dist} (build one first: npm run build -- --out ${dist})`);
    }
    return (await serverModule()).startGateway({ ...common, dist });
  }
  asUsage(() => parseS3Location(from, '--from'));
  const follow = await followModule();
  const poll = typeof values.poll === 'string' ? values.poll : undefined;
  const following = await follow.startFollowingGateway({
    ...common,
    from,
    endpoint: values.endpoint as string | undefined,
    region: values.region as string | undefined,
    cacheDir: values.cache as string | undefined,
    ...(poll === undefined ? {} : { pollSeconds: asUsage(() => follow.parsePollSeconds(poll)) }),
  });
  metrics?.watchFollower(() => following.follower.counters());
  return following;
}

/** `--metrics-host` and `--metrics-port`, checked like `--host` and `--port`. */
function metricsAddress(values: Record<string, string | boolean | undefined>): { host: string; port: number } {
  return { host: String(values['metrics-host']), port: parsePort(String(values['metrics-port']), '--metrics-port') };
}

runCommand(SERVE, async () => {
  const values = parseCommandLine(SERVE, process.argv.slice(2));
  const port = parsePort(String(values.port));
  const host = String(values.host);
  await ensureCanListen(host, port);
  const metricsAt = values.metrics === true ? metricsAddress(values) : undefined;
  if (metricsAt !== undefined) await ensureCanListen(metricsAt.host, metricsAt.port);
  const metrics = metricsAt === undefined ? undefined : (await metricsModule()).createGatewayMetrics();
  const gateway = await startFromOptions(values, port, host, metrics).catch((error: unknown) => {
    throw describeListenError(error, host, port);
  });
  console.log(
    `snapi gateway listening on ${gateway.url} (snapshot ${gateway.snapshotId() || `none yet, following ${String(values.from)}`}, ${gateway.responseCount()} responses)`,
  );
  if (metrics !== undefined && metricsAt !== undefined) {
    const listener = await startMetricsListener(metrics.registry, metricsAt.host, metricsAt.port).catch(
      (error: unknown) => {
        throw describeListenError(error, metricsAt.host, metricsAt.port);
      },
    );
    console.log(`snapi gateway metrics on ${listener.url}`);
  }
  (await serverModule()).handleSignals(gateway);
});
