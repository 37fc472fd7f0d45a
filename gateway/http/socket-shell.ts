// The socket shell: reads each request, asks `decide` for the reply, hands it to the writer (or to the MCP transport),
// logs one line.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { decide } from '../api/decide.ts';
import type { Eventually, GatewayRequest } from '../api/decide.ts';
import type { LoginLimiter } from '../auth/login-limiter.ts';
import type { VerifyPassword } from '../auth/authenticate.ts';
import type { RevokedTokens } from '../auth/token-table.ts';
import type { LiveSnapshot } from '../snapshot/live-snapshot.ts';
import type { ServingState } from '../snapshot/serving-state.ts';
import { answerMcp } from '../mcp/mcp-http.ts';
import { answerThrottled } from './flood-guard.ts';
import type { FloodGuard } from './flood-guard.ts';
import { MESSAGES, errorReply } from '../reply/reply.ts';
import type { Reply } from '../reply/reply.ts';
import { writeReply } from './reply-writer.ts';
import type { DeadlineSweep } from './response-deadline.ts';
import { requestLine } from './request-log.ts';
import type { LogWriter } from './request-log.ts';

/** What the shell works with; the lifecycle (server.ts) makes it once. */
export interface ShellContext {
  live: LiveSnapshot;
  limiter: LoginLimiter;
  verify: VerifyPassword;
  now: () => number;
  cdn: boolean;
  /** `--public-llms` (decide.ts). */
  publicLlms?: boolean;
  health: (() => Record<string, unknown>) | undefined;
  flood: FloodGuard;
  deadlines: DeadlineSweep;
  log: LogWriter;
  logEvent: (event: string, details: Record<string, unknown>) => void;
  /** The serving machine's token revocations, as last read (server.ts). */
  revoked?: () => RevokedTokens | undefined;
  /** `--metrics`: each logged request, counted (gateway/metrics/); absent, nothing is counted. */
  observe?: RequestObserver;
}

export type RequestObserver = (
  target: string,
  status: number,
  bytes: number,
  seconds: number,
  encoding: string | undefined,
) => void;

/** A media file gets the deadline plus the time it takes at this rate: a large download on a slow link is not cut
 *  off. */
const MEDIA_BYTES_PER_SECOND = 64 * 1024;

/** What ends a request: the reply to write (none when the MCP transport wrote it or the socket is gone). */
interface Handled {
  reply: Reply | undefined;
  user: string | null;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function toGatewayRequest(request: IncomingMessage): GatewayRequest {
  const { headers } = request;
  return {
    method: request.method ?? '',
    target: request.url ?? '',
    httpVersion: request.httpVersion,
    host: headers.host,
    peerAddress: request.socket.remoteAddress ?? '',
    authorization: headers.authorization,
    ifNoneMatch: firstHeader(headers['if-none-match']),
    range: firstHeader(headers.range),
    ifRange: firstHeader(headers['if-range']),
    acceptEncoding: firstHeader(headers['accept-encoding']),
    forwardedFor: firstHeader(headers['x-forwarded-for']),
  };
}

/** The reply's Content-Encoding, from either form of its headers (a record, or a flat name-value list). */
function encodingOf(reply: Reply | undefined): string | undefined {
  if (reply === undefined) return undefined;
  const { headers } = reply;
  if (!Array.isArray(headers)) return headers['Content-Encoding'];
  const position = headers.indexOf('Content-Encoding');
  return position < 0 ? undefined : headers[position + 1];
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** The node:http server's request handler. Synchronous from request to written reply when nothing has to wait: most
 *  requests under load. */
export function createRequestHandler(context: ShellContext): RequestHandler {
  const { live, limiter, verify, now, cdn, publicLlms, health, flood, deadlines, log, logEvent } = context;
  const revokedNow = context.revoked ?? (() => undefined);
  const decideNow = (gatewayRequest: GatewayRequest, state: ServingState | undefined) =>
    decide(gatewayRequest, { state, limiter, verify, now: now(), cdn, publicLlms, health, revoked: revokedNow() });

  const failed = (response: ServerResponse, error: unknown): Handled => {
    logEvent('request-error', { reason: reasonOf(error) });
    if (response.headersSent) {
      response.destroy();
      return { reply: undefined, user: null };
    }
    return { reply: errorReply(500, MESSAGES.internalError), user: null };
  };

  /** A throttled reply is parked and decided again (flood-guard.ts); POST /mcp past its checks goes to the MCP
   *  transport. */
  const handled = (
    request: IncomingMessage,
    response: ServerResponse,
    gatewayRequest: GatewayRequest,
    state: ServingState | undefined,
    reply: Reply,
  ): Eventually<Handled> => {
    const { body } = reply;
    if (body.kind === 'mcp' && state !== undefined)
      return answerMcp(request, response, body.user, state).then((outcome) =>
        'reply' in outcome
          ? { reply: outcome.reply, user: outcome.reply.user ?? null }
          : { reply: undefined, user: outcome.answeredFor },
      );
    if (reply.throttledAddress === undefined) return { reply, user: reply.user ?? null };
    const again = () => Promise.resolve(decideNow(gatewayRequest, live.current() ?? state));
    return answerThrottled(flood, reply.throttledAddress, gatewayRequest.peerAddress, again, response).then(
      (decided) => ({ reply: decided, user: decided.user ?? null }),
    );
  };

  const { observe } = context;
  const logRequest = (
    request: GatewayRequest,
    started: number,
    status: number,
    bytes: number,
    user: string | null,
    reply?: Reply,
  ) => {
    const ms = performance.now() - started;
    log(requestLine({ method: request.method, target: request.target, status, bytes, ms, user }, Date.now()));
    if (observe !== undefined) observe(request.target, status, bytes, ms / 1000, encodingOf(reply));
  };

  const writeFailed = (
    response: ServerResponse,
    gatewayRequest: GatewayRequest,
    started: number,
    status: number,
    user: string | null,
    error: unknown,
  ) => {
    logEvent('response-error', { reason: reasonOf(error) });
    response.destroy();
    logRequest(gatewayRequest, started, status, 0, user);
  };

  /** Writes the reply, then logs its line: at once for a body in memory, once a body from disk is sent. */
  const respond = (
    request: IncomingMessage,
    response: ServerResponse,
    gatewayRequest: GatewayRequest,
    started: number,
    reply: Reply | undefined,
    user: string | null,
  ): void => {
    if (reply === undefined) {
      logRequest(gatewayRequest, started, response.statusCode, 0, user);
      return;
    }
    const { status, body } = reply;
    if (body.kind === 'file') deadlines.extend(response, ((body.end - body.start + 1) / MEDIA_BYTES_PER_SECOND) * 1000);
    // llms-full.txt is a download like a media file: its deadline follows its size.
    if (body.kind === 'parts') deadlines.extend(response, (body.parts.size / MEDIA_BYTES_PER_SECOND) * 1000);
    let written: Eventually<number>;
    try {
      written = writeReply(response, reply, request.method === 'HEAD');
    } catch (error) {
      writeFailed(response, gatewayRequest, started, status, user, error);
      return;
    }
    if (written instanceof Promise)
      written.then(
        (bytes) => logRequest(gatewayRequest, started, status, bytes, user, reply),
        (error: unknown) => writeFailed(response, gatewayRequest, started, status, user, error),
      );
    else logRequest(gatewayRequest, started, status, written, user, reply);
  };

  return (request, response) => {
    const started = performance.now();
    // Node's socket timeout does not fire while pipelined responses wait on a client that never reads; this does.
    deadlines.watch(response, started);
    const gatewayRequest = toGatewayRequest(request);
    // The request keeps the snapshot it started on, also when it is parked or handed to the MCP transport.
    const state = live.current();
    let reply: Eventually<Reply>;
    try {
      reply = decideNow(gatewayRequest, state);
    } catch (error) {
      const failure = failed(response, error);
      respond(request, response, gatewayRequest, started, failure.reply, failure.user);
      return;
    }
    // Most requests under load: decided in this turn, nothing to park or hand over.
    if (!(reply instanceof Promise) && reply.throttledAddress === undefined && reply.body.kind !== 'mcp') {
      respond(request, response, gatewayRequest, started, reply, reply.user ?? null);
      return;
    }
    Promise.resolve(reply)
      .then((settled) => handled(request, response, gatewayRequest, state, settled))
      .catch((error: unknown) => failed(response, error))
      .then((settled) => respond(request, response, gatewayRequest, started, settled.reply, settled.user));
  };
}
