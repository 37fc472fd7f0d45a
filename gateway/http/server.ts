// The node:http shell: reads each request, asks `decide` for the reply, writes it, logs one line.
import { STATUS_CODES, createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { decide } from '../api/decide.ts';
import type { Eventually, GatewayRequest } from '../api/decide.ts';
import { createLoginLimiter, DEFAULT_LIMITER_OPTIONS } from '../auth/login-limiter.ts';
import type { LimiterOptions } from '../auth/login-limiter.ts';
import { verifyWithBcrypt } from '../auth/authenticate.ts';
import type { VerifyPassword } from '../auth/authenticate.ts';
import { openLiveSnapshot } from '../snapshot/live-snapshot.ts';
import { watchSnapshots } from '../snapshot/snapshot-watcher.ts';
import { systemLookup } from '../auth/trusted-hosts.ts';
import type { HostLookup } from '../auth/trusted-hosts.ts';
import { MESSAGES, errorReply } from './reply.ts';
import { readStoredBody, readsWhole, streamStoredBody } from '../snapshot/body-store.ts';
import type { Reply } from './reply.ts';
import { eventLine, requestLine, stdoutLog } from './request-log.ts';
import { waitingReply } from '../follow/waiting-reply.ts';
import { answerMcp, isMcpTarget } from '../mcp/mcp-http.ts';
import type { LogWriter } from './request-log.ts';
import { DEFAULT_FLOOD_OPTIONS, answerThrottled, createFloodGuard } from './flood-guard.ts';
import type { FloodOptions, FloodStats } from './flood-guard.ts';

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
  /** Extra /healthz fields (the follow status). */
  health?: () => Record<string, unknown>;
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
// requireHostHeader is checked in `handle`, so the 400 has a JSON body like every other answer.
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
/** A media file gets the deadline plus the time it takes at this rate: a large download on a slow link is not cut off. */
const MEDIA_BYTES_PER_SECOND = 64 * 1024;
const FORCE_CLOSE_AFTER_MS = 10_000;

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, MESSAGES.headersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, MESSAGES.requestTimeout],
};

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function toGatewayRequest(request: IncomingMessage): GatewayRequest {
  const { headers } = request;
  return {
    method: request.method ?? '',
    target: request.url ?? '',
    peerAddress: request.socket.remoteAddress ?? '',
    authorization: headers.authorization,
    ifNoneMatch: firstHeader(headers['if-none-match']),
    range: firstHeader(headers.range),
    ifRange: firstHeader(headers['if-range']),
    acceptEncoding: firstHeader(headers['accept-encoding']),
    forwardedFor: firstHeader(headers['x-forwarded-for']),
  };
}

/** Returns the number of body bytes sent: at once for bodies in memory, later for bodies read from disk. */
function writeReply(response: ServerResponse, reply: Reply, headOnly: boolean): Eventually<number> {
  response.writeHead(reply.status, reply.headers);
  const { body } = reply;
  if (headOnly || body.kind === 'empty') {
    response.end();
    return 0;
  }
  if (body.kind === 'bytes') {
    response.end(body.bytes);
    return body.bytes.length;
  }
  if (body.kind === 'file') {
    const length = body.end - body.start + 1;
    if (length <= 0) return (response.end(), 0);
    return pipeline(streamStoredBody(body.stored, { start: body.start, end: body.end }), response).then(() => length);
  }
  const { stored } = body;
  if (stored.bytes !== undefined) {
    response.end(stored.bytes);
    return stored.size;
  }
  if (readsWhole(stored)) return readStoredBody(stored).then((bytes) => (response.end(bytes), stored.size));
  return pipeline(streamStoredBody(stored), response).then(() => stored.size);
}

/** Responses in flight with the time their request arrived; a sweep closes those past the deadline. */
function createDeadlineSweep(deadlineMs: number, sweepMs: number) {
  const started = new Map<ServerResponse, number>();
  /** Media downloads, each with its own later deadline; few at a time, so each sweep looks at all of them. */
  const extended = new Map<ServerResponse, number>();
  function forget(this: ServerResponse): void {
    started.delete(this);
    extended.delete(this);
  }
  const sweep = setInterval(() => {
    const now = performance.now();
    const tooOld = now - deadlineMs;
    for (const [response, at] of started) {
      // Map order is arrival order: the rest arrived later.
      if (at > tooOld) break;
      started.delete(response);
      response.socket?.destroy();
    }
    for (const [response, until] of extended) {
      if (until > now) continue;
      extended.delete(response);
      response.socket?.destroy();
    }
  }, sweepMs);
  sweep.unref();
  return {
    watch(response: ServerResponse, at: number): void {
      started.set(response, at);
      // `on`, not `once`: a response closes once, and `once` would allocate a wrapper per request.
      response.on('close', forget);
    },
    /** Gives a response `extraMs` more than the deadline from its arrival. */
    extend(response: ServerResponse, extraMs: number): void {
      const at = started.get(response);
      if (at === undefined) return;
      started.delete(response);
      extended.set(response, at + deadlineMs + extraMs);
    },
    stop: () => clearInterval(sweep),
  };
}

/** A JSON error written straight to the socket, for requests node does not hand to `handle`. */
function endSocketWithError(socket: Socket, status: number, message: string, extraHeaders = ''): void {
  if (!socket.writable) return void socket.destroy();
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Content-Type-Options: nosniff\r\n${extraHeaders}Connection: close\r\n\r\n${body}`,
  );
}

function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, MESSAGES.malformedRequest];
  endSocketWithError(socket, status, message);
}

/** HTTP/1.1 requests must carry Host (RFC 9112 3.2); the gateway itself never reads it. */
function lacksRequiredHost(request: IncomingMessage): boolean {
  return request.httpVersion === '1.1' && request.headers.host === undefined;
}

export async function startGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const dist = resolve(options.dist ?? './dist');
  const log = options.log ?? stdoutLog;
  const now = options.now ?? Date.now;
  const logEvent = (event: string, details: Record<string, unknown>) => log(eventLine(event, details, new Date()));
  const loadOptions = {
    lookup: options.lookup ?? systemLookup,
    ...(options.memoryBodyLimit ? { memoryBodyLimit: options.memoryBodyLimit } : {}),
  };
  const live = await openLiveSnapshot(dist, loadOptions, logEvent, options.allowMissingSnapshot === true);
  const health = options.health;
  const cdn = options.cdn === true;
  const limiter = createLoginLimiter({ ...DEFAULT_LIMITER_OPTIONS, ...options.limiter });
  const verify = options.verify ?? verifyWithBcrypt;
  const deadlines = createDeadlineSweep(RESPONSE_DEADLINE, DEADLINE_SWEEP_MS);
  const flood = createFloodGuard(
    { ...DEFAULT_FLOOD_OPTIONS, ...options.flood },
    (address) => limiter.retryAfterSeconds(address, now()) > 0,
  );

  /** What ends a request: the reply to write (none when the MCP transport wrote it or the socket is gone). */
  interface Handled {
    reply: Reply | undefined;
    user: string | null;
  }
  const failed = (response: ServerResponse, error: unknown): Handled => {
    logEvent('request-error', { reason: error instanceof Error ? error.message : String(error) });
    if (response.headersSent) {
      response.destroy();
      return { reply: undefined, user: null };
    }
    return { reply: errorReply(500, MESSAGES.internalError), user: null };
  };

  const decideRequest = (
    request: IncomingMessage,
    response: ServerResponse,
    gatewayRequest: GatewayRequest,
  ): Eventually<Handled> => {
    const state = live.current();
    if (lacksRequiredHost(request)) return { reply: errorReply(400, MESSAGES.malformedRequest), user: null };
    if (state === undefined) return { reply: waitingReply(gatewayRequest.target, health?.() ?? {}), user: null };
    const tables = { state, limiter, verify, now: now(), cdn, health };
    if (isMcpTarget(gatewayRequest.target, state.snapshot.basePath)) {
      // The same admission as the API, then the MCP transport writes the response itself.
      return answerMcp(request, response, gatewayRequest, tables).then((outcome) =>
        'reply' in outcome
          ? { reply: outcome.reply, user: outcome.reply.user ?? null }
          : { reply: undefined, user: outcome.answeredFor },
      );
    }
    const decideNow = () => decide(gatewayRequest, { ...tables, state: live.current() ?? tables.state, now: now() });
    const handled = (reply: Reply): Eventually<Handled> => {
      if (reply.throttledAddress === undefined) return { reply, user: reply.user ?? null };
      // A locked-out address is parked and decided again, so its Retry-After is right when sent (flood-guard.ts).
      return answerThrottled(
        flood,
        reply.throttledAddress,
        gatewayRequest.peerAddress,
        async () => decideNow(),
        response,
      ).then((again) => ({ reply: again, user: again.user ?? null }));
    };
    const reply = decideNow();
    return reply instanceof Promise ? reply.then(handled) : handled(reply);
  };

  const respond = (
    request: IncomingMessage,
    response: ServerResponse,
    gatewayRequest: GatewayRequest,
    started: number,
    handled: Handled,
  ): void => {
    const logLine = (bytes: number) => {
      const status = handled.reply?.status ?? response.statusCode;
      log(
        requestLine(
          {
            method: gatewayRequest.method,
            target: gatewayRequest.target,
            status,
            bytes,
            ms: performance.now() - started,
            user: handled.user,
          },
          new Date(),
        ),
      );
    };
    const writeFailed = (error: unknown) => {
      logEvent('response-error', { reason: error instanceof Error ? error.message : String(error) });
      response.destroy();
      logLine(0);
    };
    if (handled.reply === undefined) {
      logLine(0);
      return;
    }
    const { body } = handled.reply;
    if (body.kind === 'file') deadlines.extend(response, ((body.end - body.start + 1) / MEDIA_BYTES_PER_SECOND) * 1000);
    let written: Eventually<number>;
    try {
      written = writeReply(response, handled.reply, request.method === 'HEAD');
    } catch (error) {
      writeFailed(error);
      return;
    }
    if (written instanceof Promise) written.then(logLine, writeFailed);
    else logLine(written);
  };

  /** Synchronous from request to written reply when nothing has to wait: most requests under load. */
  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    const started = performance.now();
    // Node's socket timeout does not fire while pipelined responses wait on a client that never reads; this does.
    deadlines.watch(response, started);
    const gatewayRequest = toGatewayRequest(request);
    let handled: Eventually<Handled>;
    try {
      handled = decideRequest(request, response, gatewayRequest);
    } catch (error) {
      handled = failed(response, error);
    }
    if (handled instanceof Promise) {
      handled
        .catch((error: unknown) => failed(response, error))
        .then((settled) => respond(request, response, gatewayRequest, started, settled));
    } else respond(request, response, gatewayRequest, started, handled);
  };

  const server = createServer(SERVER_LIMITS, handle);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT;
  server.on('clientError', answerClientError);
  server.on('connection', flood.admit);
  // Without these listeners node drops CONNECT silently and answers unknown Expect values with an empty body.
  server.on('connect', (_request: IncomingMessage, socket: Socket) =>
    endSocketWithError(socket, 405, MESSAGES.methodNotAllowed, 'Allow: GET, HEAD\r\n'),
  );
  server.on(
    'checkExpectation',
    (request: IncomingMessage, response: ServerResponse) =>
      void Promise.resolve()
        .then(() => writeReply(response, errorReply(417, MESSAGES.expectationFailed), request.method === 'HEAD'))
        .catch(() => response.destroy()),
  );
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
    reload: () => live.reload(),
    floodStats: () => ({ ...flood.stats(), limitedAddresses: limiter.trackedAddresses() }),
    close: () => {
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
