// Requests counted into plain typed arrays, indexed by endpoint (the endpoint table's names, never a raw path), status
// and latency bucket; prom-client reads them only when Prometheus scrapes
// (docs/decisions.md: Metrics are counted into arrays and read at scrape time).
import { ENDPOINTS, MCP_ROUTE } from '../api/endpoints.ts';
import type { Endpoint } from '../api/endpoints.ts';
import { isMediaRoute, matchRoute } from '../api/routes.ts';
import { bucketOf } from '../../terminal/metrics-registry.ts';

/** Every endpoint of the table by name, then the routes outside it; `none`: no route (404, 414, 400, 503). */
export const ENDPOINT_LABELS: readonly string[] = [
  ...Object.keys(ENDPOINTS),
  'mcp',
  'health',
  'openapi',
  'media',
  'none',
];
/** The statuses the gateway sends; anything else counts as `other`. */
export const STATUS_LABELS: readonly string[] = [
  '200',
  '206',
  '304',
  '400',
  '401',
  '403',
  '404',
  '405',
  '410',
  '413',
  '414',
  '416',
  '429',
  '500',
  '503',
  'other',
];
export const ENCODING_LABELS: readonly string[] = ['identity', 'gzip', 'br'];
/** Seconds: from well under a millisecond (an answer from memory) to a slow search or a large download. */
export const LATENCY_BOUNDS: readonly number[] = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10,
];

const ENDPOINT_INDEX = new Map<Endpoint, number>(
  [...Object.values(ENDPOINTS), MCP_ROUTE].map((endpoint, position) => [endpoint, position]),
);
const HEALTH = ENDPOINT_LABELS.indexOf('health');
const OPENAPI = ENDPOINT_LABELS.indexOf('openapi');
const MEDIA = ENDPOINT_LABELS.indexOf('media');
const NONE = ENDPOINT_LABELS.indexOf('none');
const STATUS_INDEX = new Map(STATUS_LABELS.map((label, position) => [Number(label), position]));
const OTHER_STATUS = STATUS_LABELS.length - 1;
const ENCODING_INDEX = new Map(ENCODING_LABELS.map((label, position) => [label, position]));

/** The endpoint's position in ENDPOINT_LABELS, found as the gateway's route step finds it. */
export function endpointIndexOf(target: string, basePath: string): number {
  const start = target.startsWith('/') ? 0 : target.indexOf('/', target.indexOf('//') + 2);
  if (start < 0) return NONE;
  const question = target.indexOf('?', start);
  const route = matchRoute(question < 0 ? target.slice(start) : target.slice(start, question), basePath);
  if (route === undefined) return NONE;
  if (route === 'health') return HEALTH;
  if (route === 'openapi') return OPENAPI;
  if (isMediaRoute(route)) return MEDIA;
  return ENDPOINT_INDEX.get(route) ?? NONE;
}

export interface RequestTable {
  /** [endpoint × status]: requests answered. */
  readonly requests: Float64Array;
  /** [endpoint × (bucket + 1)]: latency buckets, not cumulative; the last one is above every bound. */
  readonly latency: Float64Array;
  readonly latencySum: Float64Array;
  /** [encoding]: bytes written. */
  readonly bytes: Float64Array;
  record(endpoint: number, status: number, seconds: number, bytes: number, encoding: string | undefined): void;
}

function add(array: Float64Array, position: number, amount: number): void {
  array[position] = (array[position] as number) + amount;
}

export function createRequestTable(): RequestTable {
  const statuses = STATUS_LABELS.length;
  const buckets = LATENCY_BOUNDS.length + 1;
  const requests = new Float64Array(ENDPOINT_LABELS.length * statuses);
  const latency = new Float64Array(ENDPOINT_LABELS.length * buckets);
  const latencySum = new Float64Array(ENDPOINT_LABELS.length);
  const bytes = new Float64Array(ENCODING_LABELS.length);
  return {
    requests,
    latency,
    latencySum,
    bytes,
    record(endpoint, status, seconds, written, encoding) {
      add(requests, endpoint * statuses + (STATUS_INDEX.get(status) ?? OTHER_STATUS), 1);
      add(latency, endpoint * buckets + bucketOf(LATENCY_BOUNDS, seconds), 1);
      add(latencySum, endpoint, seconds);
      add(bytes, encoding === undefined ? 0 : (ENCODING_INDEX.get(encoding) ?? 0), written);
    },
  };
}

/** Requests of one endpoint with one status, for the metrics derived from the table (304s, 429s). */
export function countOf(table: RequestTable, endpoint: number, status: string): number {
  return table.requests[endpoint * STATUS_LABELS.length + STATUS_LABELS.indexOf(status)] ?? 0;
}
