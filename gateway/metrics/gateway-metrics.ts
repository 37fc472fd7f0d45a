// The gateway's metrics (`serve --metrics`): requests by endpoint and status with their latency, refused logins,
// throttled callers, 304s, bytes by encoding, the snapshot served, search, MCP and a followed bucket. Every label comes
// from a fixed list, never from a request (docs/operations.md: Metrics).
import type { Registry } from 'prom-client';
import {
  addCollectedMetric,
  addCounter,
  addGauge,
  bucketOf,
  createMetricsRegistry,
  histogramValues,
} from '../../terminal/metrics-registry.ts';
import type { ServingState } from '../snapshot/serving-state.ts';
import type { FollowCounters } from '../follow/follower.ts';
import {
  countOf,
  createRequestTable,
  ENCODING_LABELS,
  ENDPOINT_LABELS,
  endpointIndexOf,
  LATENCY_BOUNDS,
  STATUS_LABELS,
} from './request-table.ts';
import { MCP_SESSIONS } from './mcp-sessions.ts';
import { createWebhookMetrics } from './webhook-metrics.ts';

export interface GatewayMetrics {
  /** Where other parts add their metrics (addCollectedMetric in terminal/metrics-registry.ts). */
  registry: Registry;
  /** One answered request: its target as received (only its route is kept), status, bytes, seconds, encoding. */
  observeRequest(target: string, status: number, bytes: number, seconds: number, encoding: string | undefined): void;
  /** A credential check that failed: a wrong password, an unknown user, a refused token. */
  countRefusedLogin(): void;
  /** The gateway's event lines: a loaded snapshot with another id is a swap, a refused one a failed load. */
  onEvent(event: string, details: Record<string, unknown>): void;
  /** The state being served, read at scrape time. */
  watchSnapshot(current: () => ServingState | undefined): void;
  /** `serve --from`: the follower's totals, read at scrape time. */
  watchFollower(counters: () => FollowCounters): void;
  /** `--webhook`: the events waiting over all receivers, read at scrape time. */
  watchWebhooks(pending: () => number): void;
}

const SEARCH = ENDPOINT_LABELS.indexOf('search');

export function createGatewayMetrics(now: () => number = Date.now): GatewayMetrics {
  const registry = createMetricsRegistry();
  const table = createRequestTable();
  const search = { latency: new Float64Array(LATENCY_BOUNDS.length + 1), sum: 0 };
  const counts = { refusedLogins: 0, swaps: 0, failedLoads: 0 };
  const webhooks = createWebhookMetrics(registry);
  let current: () => ServingState | undefined = () => undefined;
  /** A reload of the same snapshot (SIGHUP) is no swap. */
  let servedId: unknown;
  const sumOver = (status: string) =>
    ENDPOINT_LABELS.reduce((sum, _label, endpoint) => sum + countOf(table, endpoint, status), 0);

  addCollectedMetric(registry, {
    name: 'snapi_http_requests_total',
    help: 'Requests answered, by endpoint of the endpoint table (none: no route) and status.',
    type: 'counter',
    collect: () =>
      ENDPOINT_LABELS.flatMap((endpoint, position) =>
        STATUS_LABELS.map((status, column) => ({
          labels: { endpoint, status },
          value: table.requests[position * STATUS_LABELS.length + column] ?? 0,
        })),
      ).filter((value) => value.value > 0),
  });
  const buckets = LATENCY_BOUNDS.length + 1;
  addCollectedMetric(registry, {
    name: 'snapi_http_request_duration_seconds',
    help: 'Time from a request to its last byte written, by endpoint.',
    type: 'histogram',
    collect: () =>
      ENDPOINT_LABELS.flatMap((endpoint, position) =>
        histogramValues(
          'snapi_http_request_duration_seconds',
          LATENCY_BOUNDS,
          table.latency.subarray(position * buckets, (position + 1) * buckets),
          table.latencySum[position] ?? 0,
          { endpoint },
        ),
      ),
  });
  addCollectedMetric(registry, {
    name: 'snapi_http_response_bytes_total',
    help: 'Bytes of response bodies written, by content encoding.',
    type: 'counter',
    collect: () =>
      ENCODING_LABELS.map((encoding, position) => ({ labels: { encoding }, value: table.bytes[position] ?? 0 })),
  });
  addCounter(registry, 'snapi_http_not_modified_total', 'Answers 304 Not Modified (If-None-Match matched).', () =>
    sumOver('304'),
  );
  addCounter(
    registry,
    'snapi_throttled_requests_total',
    'Requests refused with 429: too many failed logins from the address.',
    () => sumOver('429'),
  );
  addCounter(
    registry,
    'snapi_refused_logins_total',
    'Failed credential checks: wrong password, unknown user, refused token.',
    () => counts.refusedLogins,
  );
  addCollectedMetric(registry, {
    name: 'snapi_snapshot_info',
    help: 'The snapshot being served: 1 with its id; the series of the snapshot before goes on each swap.',
    type: 'gauge',
    collect: () => {
      const state = current();
      return state === undefined ? [] : [{ labels: { id: state.snapshot.id }, value: 1 }];
    },
  });
  addGauge(registry, 'snapi_snapshot_age_seconds', 'Seconds since the snapshot being served was built.', () => {
    const state = current();
    return state === undefined ? 0 : Math.max(0, (now() - Date.parse(state.snapshot.builtAt)) / 1000);
  });
  addCounter(
    registry,
    'snapi_snapshot_swaps_total',
    'New snapshots loaded and swapped in since start.',
    () => counts.swaps,
  );
  addCounter(
    registry,
    'snapi_snapshot_load_failures_total',
    'Snapshots refused on load (the one served stays).',
    () => counts.failedLoads,
  );
  addCounter(registry, 'snapi_search_answers_total', 'Search requests answered with results (200 or 304).', () =>
    search.latency.reduce((sum, count) => sum + count, 0),
  );
  addCollectedMetric(registry, {
    name: 'snapi_search_duration_seconds',
    help: 'Time to answer a search request with results.',
    type: 'histogram',
    collect: () => histogramValues('snapi_search_duration_seconds', LATENCY_BOUNDS, search.latency, search.sum),
  });
  addCounter(
    registry,
    'snapi_mcp_sessions_total',
    'MCP sessions begun over HTTP (initialize messages).',
    () => MCP_SESSIONS.started,
  );
  addGauge(registry, 'snapi_mcp_exchanges_open', 'MCP exchanges over HTTP in progress.', () => MCP_SESSIONS.open);

  return {
    registry,
    observeRequest(target, status, bytes, seconds, encoding) {
      const endpoint = endpointIndexOf(target, current()?.snapshot.basePath ?? '');
      table.record(endpoint, status, seconds, bytes, encoding);
      if (endpoint === SEARCH && (status === 200 || status === 304)) {
        const position = bucketOf(LATENCY_BOUNDS, seconds);
        search.latency[position] = (search.latency[position] as number) + 1;
        search.sum += seconds;
      }
    },
    countRefusedLogin: () => void counts.refusedLogins++,
    onEvent(event, details) {
      webhooks.onEvent(event);
      if (event === 'snapshot-loaded' && details.snapshot !== servedId) {
        counts.swaps++;
        servedId = details.snapshot;
      } else if (event === 'snapshot-refused') counts.failedLoads++;
    },
    watchSnapshot(read) {
      current = read;
      servedId = read()?.snapshot.id;
    },
    watchWebhooks(read) {
      webhooks.watchQueue(read);
    },
    watchFollower(read) {
      addGauge(
        registry,
        'snapi_follow_last_success_timestamp_seconds',
        'When the bucket was last read successfully (0: never).',
        () => (read().lastSuccessMs ?? 0) / 1000,
      );
      addCounter(
        registry,
        'snapi_follow_downloaded_bytes_total',
        'Bytes of snapshots downloaded from the bucket.',
        () => read().downloadedBytes,
      );
      addCounter(
        registry,
        'snapi_follow_verification_failures_total',
        'Objects refused because they did not match their digest.',
        () => read().verificationFailures,
      );
    },
  };
}
