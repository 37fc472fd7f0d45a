// The `snapshot.served` event: the snapshot, the one the history has before it, and the feed's lists for the
// receiver's role; over 256 KB it is sent thin, and the receiver reads the feed (docs/changes.md).
import type { HistoryDelta } from '../../contract/history.ts';
import { feedFor, netChanges } from '../changes/feed.ts';
import type { FeedViewer } from '../changes/feed.ts';

export const THIN_OVER_BYTES = 256 * 1024;

export function servedEvent(
  snapshot: { id: string; at: string },
  delta: HistoryDelta | null,
  viewer: FeedViewer,
): string {
  const previous = delta?.previous ?? null;
  const lists = delta === null ? { urls: none(), slugs: none(), endpoints: [] } : feedFor(netChanges([delta]), viewer);
  const full = JSON.stringify({
    type: 'snapshot.served',
    timestamp: snapshot.at,
    data: { previous, current: snapshot.id, ...lists },
  });
  if (Buffer.byteLength(full) <= THIN_OVER_BYTES) return full;
  return JSON.stringify({
    type: 'snapshot.served',
    timestamp: snapshot.at,
    data: { previous, current: snapshot.id, truncated: true },
  });
}

function none() {
  return { added: [], changed: [], removed: [] };
}

export function pingEvent(now: Date): string {
  return JSON.stringify({ type: 'ping', timestamp: now.toISOString(), data: {} });
}
