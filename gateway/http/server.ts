// The gateway's lifecycle: loads the snapshot, listens, swaps in a new snapshot (watch, SIGHUP), refreshes trusted
// hosts, and closes gracefully. Requests go to the socket shell (socket-shell.ts).
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { createLoginLimiter, DEFAULT_LIMITER_OPTIONS } from '../auth/login-limiter.ts';
import type { LimiterOptions } from '../auth/login-limiter.ts';
import { verifyWithBcrypt } from '../auth/authenticate.ts';
import type { VerifyPassword } from '../auth/authenticate.ts';
import { openLiveSnapshot } from '../snapshot/live-snapshot.ts';
import { createDispatcher } from '../webhooks/dispatcher.ts';
import type { WebhookSettings } from '../webhooks/webhook-options.ts';
import { watchSnapshots } from '../snapshot/snapshot-watcher.ts';
import { systemLookup } from '../auth/trusted-hosts.ts';
import type { HostLookup } from '../auth/trusted-hosts.ts';
import { eventLine, stdoutLog } from './request-log.ts';
import type { LogWriter } from './request-log.ts';
import { DEFAULT_FLOOD_OPTIONS, createFloodGuard } from './flood-guard.ts';
import type { FloodOptions, FloodStats } from './flood-guard.ts';
import { createDeadlineSweep } from './response-deadline.ts';
import { createRequestHandler } from './socket-shell.ts';
import { openRevocations } from './revocations.ts';
import type { GatewayMetrics } from '../metrics/gateway-metrics.ts';
import type { LoginLimiter } from '../auth/login-limiter.ts';
import { warmHistory } from '../changes/history-reader.ts';
import { answerClientError, answerConnect, answerExpectation } from './reply-writer.ts';

export interface GatewayOptions {
  /** Folder holding `current` and `snapshots/`; default `./dist`. */
  dist?: string;
  port?: number;
  host?: string;
  log?: LogWriter;
  /** Clock for the login limiter (tests move it forward instead of waiting). */
  now?: () => number;
  limiter?: Partial<LimiterOptions>;
  /** Parking of throttled requests and the socket allowance of throttled peers (flood-guard.ts). */
  flood?: Partial<FloodOptions>;
  lookup?: HostLookup;
  verify?: VerifyPassword;
  /** How often `current` is checked besides the file-system watch; default 1000 ms. */
  pollMs?: number;
  /** How often trusted host names are resolved again; default 5 minutes. */
  hostRefreshMs?: number;
  memoryBodyLimit?: number;
  /** Start without a snapshot and answer 503 until one is loaded (a gateway following a bucket). */
  allowMissingSnapshot?: boolean;
  /** `--cdn`: answers a shared cache may store say `public, no-cache` instead of `private, no-cache`. */
  cdn?: boolean;
  /** `--public-llms`: the AI files answer callers without credentials with the public view (docs/ai.md). */
  publicLlms?: boolean;
  /** Extra /healthz fields (the follow status). */
  health?: () => Record<string, unknown>;
  /** `--webhook …` and `--state`: receivers told of each snapshot served (gateway/webhooks/). */
  webhooks?: WebhookSettings;
  /** SNAPI_WEBHOOK_RETRY_BASE_MS: the first retry's wait. */
  webhookRetryBaseMs?: number;
  /** `--revoked-tokens FILE`: token names or hashes refused at once; read at start and on every reload (SIGHUP). */
  revokedTokens?: string;
  /** `--metrics`: what the gateway counts (gateway/metrics/); its listener is the command's (cli/serve.ts). */
  metrics?: GatewayMetrics;
}

export interface Gateway {
  url: string;
  /** `` while a gateway opened with `allowMissingSnapshot` has none yet. */
  snapshotId(): string;
  responseCount(): number;
  /** Load `current` again, as on SIGHUP; true when the new snapshot was taken. */
  reload(): Promise<boolean>;
  /** What the login limiter and the flood guard hold in memory right now. */
  floodStats(): FloodStats & { limitedAddresses: number };
  /** Stop accepting connections and resolve when requests in flight have finished. */
  close(): Promise<void>;
}

// connectionsCheckingInterval: how often the header and request timeouts are enforced (node's default is 30 s).
// requireHostHeader is the decision order's Host step, so the 400 has a JSON body like every other answer.
const SERVER_LIMITS = {
  headersTimeout: 10_000,
  requestTimeout: 15_000,
  maxHeaderSize: 16 * 1024,
  connectionsCheckingInterval: 1_000,
  requireHostHeader: false,
};
const KEEP_ALIVE_TIMEOUT = 5_000;
const LISTEN_BACKLOG = 2048;
/** A response not delivered this long after its request arrived is abandoned and its connection closed. */
const RESPONSE_DEADLINE = 30_000;
const DEADLINE_SWEEP_MS = 1_000;
const FORCE_CLOSE_AFTER_MS = 10_000;

/** Every failure the limiter records is a refused login (a wrong password, an unknown user, a refused token). */
function countedFailures(limiter: LoginLimiter, metrics: GatewayMetrics | undefined): LoginLimiter {
  if (metrics === undefined) return limiter;
  const recordFailure = limiter.recordFailure;
  return {
    ...limiter,
    recordFailure(address, now) {
      metrics.countRefusedLogin();
      recordFailure(address, now);
    },
  };
}

export async function startGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const dist = resolve(options.dist ?? './dist');
  const log = options.log ?? stdoutLog;
  const now = options.now ?? Date.now;
  const { metrics } = options;
  const logEvent = (event: string, details: Record<string, unknown>) => {
    metrics?.onEvent(event, details);
    log(eventLine(event, details, new Date()));
  };
  const loadOptions = {
    lookup: options.lookup ?? systemLookup,
    ...(options.memoryBodyLimit ? { memoryBodyLimit: options.memoryBodyLimit } : {}),
  };
  const webhooks =
    options.webhooks === undefined
      ? undefined
      : createDispatcher(options.webhooks, logEvent, {
          ...(options.webhookRetryBaseMs === undefined ? {} : { retryBaseMs: options.webhookRetryBaseMs }),
        });
  const revocations = await openRevocations(options.revokedTokens, logEvent);
  const live = await openLiveSnapshot(dist, loadOptions, logEvent, options.allowMissingSnapshot === true, (state) => {
    webhooks?.served(state);
    warmHistory(state.snapshot);
  });
  const limiter = countedFailures(createLoginLimiter({ ...DEFAULT_LIMITER_OPTIONS, ...options.limiter }), metrics);
  metrics?.watchSnapshot(() => live.current());
  if (webhooks !== undefined) metrics?.watchWebhooks(() => webhooks.pending());
  const deadlines = createDeadlineSweep(RESPONSE_DEADLINE, DEADLINE_SWEEP_MS);
  const flood = createFloodGuard(
    { ...DEFAULT_FLOOD_OPTIONS, ...options.flood },
    (address) => limiter.retryAfterSeconds(address, now()) > 0,
  );
  const handleRequest = createRequestHandler({
    live,
    limiter,
    verify: options.verify ?? verifyWithBcrypt,
    now,
    cdn: options.cdn === true,
    publicLlms: options.publicLlms === true,
    health: webhooks === undefined ? options.health : () => ({ ...options.health?.(), ...webhooks.health() }),
    flood,
    deadlines,
    log,
    logEvent,
    revoked: revocations.current,
    ...(metrics === undefined ? {} : { observe: metrics.observeRequest }),
  });

  const server = createServer(SERVER_LIMITS, handleRequest);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT;
  server.on('clientError', answerClientError);
  server.on('connection', flood.admit);
  server.on('connect', answerConnect);
  server.on('checkExpectation', answerExpectation);
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    // A deeper accept queue than node's 511, so a burst of new connections waits instead of being reset.
    server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', LISTEN_BACKLOG, () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });

  const reportFailure = (event: string) => (error: unknown) =>
    logEvent(event, { reason: error instanceof Error ? error.message : String(error) });
  const watcher = watchSnapshots(
    dist,
    options.pollMs ?? 1000,
    () => void live.reloadIfChanged().catch(reportFailure('reload-error')),
  );
  const refreshHosts = () => void live.refreshHosts().catch(reportFailure('host-refresh-error'));
  const hostRefresh = setInterval(refreshHosts, options.hostRefreshMs ?? 5 * 60_000);
  hostRefresh.unref();
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 8080);
  const host = options.host ?? '127.0.0.1';

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    snapshotId: () => live.current()?.snapshot.id ?? '',
    responseCount: () => live.current()?.snapshot.entries.size ?? 0,
    reload: () => Promise.all([live.reload(), revocations.reload()]).then(([loaded]) => loaded),
    floodStats: () => ({ ...flood.stats(), limitedAddresses: limiter.trackedAddresses() }),
    close: () => {
      webhooks?.close();
      watcher.close();
      clearInterval(hostRefresh);
      deadlines.stop();
      flood.releaseAll();
      const closed = new Promise<void>((resolveClose) => server.close(() => resolveClose()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), FORCE_CLOSE_AFTER_MS);
      force.unref();
      return closed.finally(() => clearTimeout(force));
    },
  };
}

/** What `npm run serve` does on signals: SIGHUP loads `current` again; SIGTERM and SIGINT close gracefully, then
 *  exit. */
export function handleSignals(gateway: Gateway): void {
  process.on('SIGHUP', () => void gateway.reload());
  const stop = () => {
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
    void gateway.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
