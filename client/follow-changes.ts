// Follows the change feed: yields each page of changes as new snapshots are served, revalidating with If-None-Match
// between polls (the client's cache), so an idle feed costs a 304 per poll.
import type { SnapiResponses } from './generated/api.ts';

type ChangesPage = SnapiResponses['changes'];

export interface FollowOptions {
  /** A `current` from an earlier answer; absent: start from the snapshot served now. */
  since?: string;
  /** Between polls once caught up; default 5,000 ms. */
  intervalMs?: number;
  /** Stops the iteration (after the current poll). */
  signal?: AbortSignal;
}

interface ChangesSource {
  changes(parameters?: { since?: string; limit?: number; cursor?: string }): Promise<ChangesPage>;
}

const pause = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Each page of changes, in order; a `SnapiError` with status 410 means `since` is too old: sync in full. */
export async function* followChanges(client: ChangesSource, options: FollowOptions = {}): AsyncGenerator<ChangesPage> {
  let since = options.since ?? (await client.changes()).current;
  while (options.signal?.aborted !== true) {
    let cursor: string | undefined;
    let current = since;
    do {
      const page = await client.changes({ since, ...(cursor === undefined ? {} : { cursor }) });
      current = page.current;
      cursor = page.next;
      if (page.current !== since) yield page;
    } while (cursor !== undefined);
    if (current !== since) since = current;
    else await pause(options.intervalMs ?? 5000, options.signal);
  }
}
