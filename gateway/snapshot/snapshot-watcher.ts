// Notices a newly published snapshot: a file-system watch on the dist folder plus a slow poll as a fallback.
import { watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';

export interface SnapshotWatcher {
  close(): void;
}

/** Calls `onSignal` whenever `current` may have changed; the caller decides whether it did. */
export function watchSnapshots(distDirectory: string, pollMs: number, onSignal: () => void): SnapshotWatcher {
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(distDirectory, { persistent: false }, () => onSignal());
    watcher.on('error', () => watcher?.close());
  } catch {
    watcher = undefined; // the poll still notices changes
  }
  const poll = setInterval(onSignal, pollMs);
  poll.unref();
  return {
    close() {
      clearInterval(poll);
      watcher?.close();
    },
  };
}
