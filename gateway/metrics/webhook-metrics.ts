// The webhook queue on /metrics: events of served snapshots still waiting, and deliveries, retries and give-ups counted
// from the dispatcher's event lines. No label names a receiver: its name is the operator's, its URL a secret.
import type { Registry } from 'prom-client';
import { addCounter, addGauge } from '../../terminal/metrics-registry.ts';

/** The dispatcher's event lines (gateway/webhooks/dispatcher.ts) and the count each moves. */
const COUNTED_EVENTS = {
  'webhook-delivered': 'delivered',
  'webhook-retry': 'retried',
  'webhook-gave-up': 'gaveUp',
} as const;

export interface WebhookMetrics {
  onEvent(event: string): void;
  /** The events waiting over all receivers, read at scrape time; 0 without webhooks. */
  watchQueue(pending: () => number): void;
}

export function createWebhookMetrics(registry: Registry): WebhookMetrics {
  const counts = { delivered: 0, retried: 0, gaveUp: 0 };
  let pending = () => 0;
  addGauge(
    registry,
    'snapi_webhook_pending_events',
    'Events of served snapshots not yet delivered or given up, over all receivers.',
    () => pending(),
  );
  addCounter(registry, 'snapi_webhook_delivered_total', 'Events a receiver accepted.', () => counts.delivered);
  addCounter(registry, 'snapi_webhook_retries_total', 'Failed attempts that will be retried.', () => counts.retried);
  addCounter(
    registry,
    'snapi_webhook_given_up_total',
    'Events given up after the retry window (also in /healthz).',
    () => counts.gaveUp,
  );
  return {
    onEvent(event) {
      const count = Object.hasOwn(COUNTED_EVENTS, event)
        ? COUNTED_EVENTS[event as keyof typeof COUNTED_EVENTS]
        : undefined;
      if (count !== undefined) counts[count]++;
    },
    watchQueue(read) {
      pending = read;
    },
  };
}
