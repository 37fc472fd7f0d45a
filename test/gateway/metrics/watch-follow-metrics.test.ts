// The metrics of `watch --metrics` read from its event lines, and of `serve --from` read from the follower's totals:
// exact values on a scrape, over a real metrics listener.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createWatchMetrics } from '../../../generator/watch/watch-metrics.ts';
import { createGatewayMetrics } from '../../../gateway/metrics/gateway-metrics.ts';
import { startMetricsListener } from '../../../terminal/metrics-listener.ts';

function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

const Watch = suite('watch metrics');

Watch(
  'counts publishes with the time of the last, failed builds, failed uploads and rescans from event names',
  async () => {
    let clock = 1_700_000_000_000;
    const metrics = createWatchMetrics(() => clock);
    const listener = await startMetricsListener(metrics.registry, '127.0.0.1', 0);
    try {
      for (const event of [
        'watching',
        'published',
        'build-failed',
        'build-error',
        'rescan',
        'upload-failed',
        'published',
      ])
        metrics.onEvent(event);
      clock += 5000;
      metrics.onEvent('inputs-changed');
      const text = await (await fetch(listener.url)).text();
      assert.equal(
        [
          sample(text, 'snapi_watch_publishes_total'),
          sample(text, 'snapi_watch_last_publish_timestamp_seconds'),
          sample(text, 'snapi_watch_failed_builds_total'),
          sample(text, 'snapi_watch_rescans_total'),
          sample(text, 'snapi_watch_failed_uploads_total'),
        ],
        [2, 1_700_000_000, 2, 1, 1],
      );
      assert.ok(text.includes('\nprocess_resident_memory_bytes '), "Node's default metrics");
    } finally {
      await listener.close();
    }
  },
);

const Follow = suite('follower metrics');

Follow('reads the last successful poll, bytes downloaded and verification failures at scrape time', async () => {
  const metrics = createGatewayMetrics();
  const counters = { downloadedBytes: 0, verificationFailures: 0, lastSuccessMs: undefined as number | undefined };
  metrics.watchFollower(() => counters);
  const before = await metrics.registry.metrics();
  assert.equal(
    [
      sample(before, 'snapi_follow_last_success_timestamp_seconds'),
      sample(before, 'snapi_follow_downloaded_bytes_total'),
      sample(before, 'snapi_follow_verification_failures_total'),
    ],
    [0, 0, 0],
  );
  Object.assign(counters, { downloadedBytes: 12_345, verificationFailures: 2, lastSuccessMs: 1_700_000_001_500 });
  const after = await metrics.registry.metrics();
  assert.equal(
    [
      sample(after, 'snapi_follow_last_success_timestamp_seconds'),
      sample(after, 'snapi_follow_downloaded_bytes_total'),
      sample(after, 'snapi_follow_verification_failures_total'),
    ],
    [1_700_000_001.5, 12_345, 2],
  );
});

Watch.run();
Follow.run();
