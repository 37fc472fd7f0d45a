// `watch --metrics`: what an operator alerts on beside a live site, read from watch's own event lines: when it last
// published, failed builds, rescans (docs/operations.md: Metrics). Event names are the only input; no label is taken
// from an event's details.
import type { Registry } from 'prom-client';
import { addCounter, addGauge, createMetricsRegistry } from '../../terminal/metrics-registry.ts';

export interface WatchMetrics {
  registry: Registry;
  onEvent(event: string): void;
}

const FAILED_BUILD_EVENTS = new Set(['build-failed', 'build-error']);

export function createWatchMetrics(now: () => number = Date.now): WatchMetrics {
  const registry = createMetricsRegistry();
  const counts = { lastPublishMs: 0, published: 0, failedBuilds: 0, rescans: 0, failedUploads: 0 };
  addGauge(
    registry,
    'snapi_watch_last_publish_timestamp_seconds',
    'When watch last published a snapshot (0: not yet).',
    () => counts.lastPublishMs / 1000,
  );
  addCounter(registry, 'snapi_watch_publishes_total', 'Snapshots watch published.', () => counts.published);
  addCounter(
    registry,
    'snapi_watch_failed_builds_total',
    'Builds that failed; the previous snapshot stayed.',
    () => counts.failedBuilds,
  );
  addCounter(registry, 'snapi_watch_rescans_total', 'Full rescans of the site folder.', () => counts.rescans);
  addCounter(
    registry,
    'snapi_watch_failed_uploads_total',
    'Uploads to object storage that failed (--publish).',
    () => counts.failedUploads,
  );
  return {
    registry,
    onEvent(event) {
      if (event === 'published') {
        counts.published++;
        counts.lastPublishMs = now();
      } else if (FAILED_BUILD_EVENTS.has(event)) counts.failedBuilds++;
      else if (event === 'upload-failed') counts.failedUploads++;
      else if (event.startsWith('rescan')) counts.rescans++;
    },
  };
}
