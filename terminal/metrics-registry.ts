// The Prometheus registry a command exposes with `--metrics` (serve, watch): Node's default process metrics, plus
// metrics whose values are read from plain counters only when Prometheus scrapes, so a request pays an array increment,
// not a label lookup (docs/operations.md: Metrics). Other parts register their gauges here with addCollectedMetric.
import { Registry, collectDefaultMetrics } from 'prom-client';

export type MetricLabels = Record<string, string | number>;

export interface CollectedValue {
  labels?: MetricLabels;
  value: number;
  /** A histogram's `_bucket`, `_sum` and `_count` lines name themselves. */
  metricName?: string;
}

export interface CollectedMetric {
  /** `snapi_…`; a counter's name ends in `_total`. */
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  /** The metric's lines at scrape time. Labels must come from fixed lists, never from a request. */
  collect: () => CollectedValue[];
}

/** prom-client's gauges named like counters, which `promtool check metrics` refuses; `nodejs_active_handles` and
 *  the others by type stay. */
const MISNAMED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);
  return registry;
}

/** Registers a metric read at scrape time (prom-client calls `get` once per scrape). */
export function addCollectedMetric(registry: Registry, metric: CollectedMetric): void {
  const { name, help, type } = metric;
  registry.registerMetric({
    name,
    help,
    type,
    get: async () => ({ name, help, type, values: metric.collect(), aggregator: 'sum' }),
  } as unknown as Parameters<Registry['registerMetric']>[0]);
}

/** One unlabelled gauge read at scrape time. */
export function addGauge(registry: Registry, name: string, help: string, read: () => number): void {
  addCollectedMetric(registry, { name, help, type: 'gauge', collect: () => [{ value: read() }] });
}

/** One unlabelled counter read at scrape time. */
export function addCounter(registry: Registry, name: string, help: string, read: () => number): void {
  addCollectedMetric(registry, { name, help, type: 'counter', collect: () => [{ value: read() }] });
}

/** Histogram lines from bucket counts (not cumulative), their bounds in seconds, and the sum. */
export function histogramValues(
  name: string,
  bounds: readonly number[],
  counts: ArrayLike<number>,
  sum: number,
  labels: MetricLabels = {},
): CollectedValue[] {
  const values: CollectedValue[] = [];
  let cumulative = 0;
  for (let position = 0; position < bounds.length; position++) {
    cumulative += counts[position] ?? 0;
    values.push({
      metricName: `${name}_bucket`,
      labels: { ...labels, le: bounds[position] as number },
      value: cumulative,
    });
  }
  cumulative += counts[bounds.length] ?? 0;
  values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: cumulative });
  values.push({ metricName: `${name}_sum`, labels, value: sum });
  values.push({ metricName: `${name}_count`, labels, value: cumulative });
  return values;
}

/** The bucket a value falls in: the first bound it does not exceed, or the overflow bucket. */
export function bucketOf(bounds: readonly number[], value: number): number {
  let position = 0;
  while (position < bounds.length && value > (bounds[position] as number)) position++;
  return position;
}
