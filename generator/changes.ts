// What changed between two snapshots, by request key, so CI can purge a CDN or notify consumers.
import type { ChangeReport, SnapshotIndex } from '../gateway/contract.ts';

export function changesBetween(previous: SnapshotIndex | undefined, current: SnapshotIndex): ChangeReport {
  const before = previous?.entries ?? {};
  const after = current.entries;
  const added: string[] = [];
  const changed: string[] = [];
  for (const [key, entry] of Object.entries(after)) {
    const old = before[key];
    if (!old) added.push(key);
    else if (old.etag !== entry.etag) changed.push(key);
  }
  const removed = Object.keys(before).filter((key) => !(key in after));
  return { previous: previous?.id ?? null, current: current.id, added: added.sort(), changed: changed.sort(), removed: removed.sort() };
}
