// Metadata values of one item: stored yaml, defaults and file times
// (docs/typemill.md: Meta values are the stored value, else a default, else null; Page file times stand in for modified, created and time).
import { isRecord } from '../load/yaml.ts';

export interface MetaItem {
  name: unknown;
  contains?: string;
  isFolder: boolean;
}

/** `YYYY-MM-DD` and `HH-MM-SS` of a time in UTC (docs/typemill.md: Dates from file times are in UTC). */
export function fileDate(mtimeMs: number): { date: string; time: string } {
  const iso = new Date(mtimeMs).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19).replace(/:/g, '-') };
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

export function metaBody(
  tabs: ReadonlyArray<{ tab: string; fields: string[] }>,
  stored: unknown,
  item: MetaItem,
  defaults: { author: unknown; pageFileMtimeMs: number },
): Record<string, unknown> {
  const storedTabs = isRecord(stored) ? stored : {};
  const storedMeta = isRecord(storedTabs.meta) ? storedTabs.meta : {};
  const fileTime = fileDate(defaults.pageFileMtimeMs);
  const meta: Record<string, unknown> = { ...storedMeta };
  if (!isSet(meta.author)) meta.author = defaults.author;
  if (!isSet(meta.created)) meta.created = fileTime.date;
  if (!isSet(meta.time)) meta.time = fileTime.time;
  if (!isSet(meta.navtitle)) meta.navtitle = item.name;
  if (!isSet(meta.modified)) meta.modified = fileTime.date;
  if (item.isFolder && !isSet(meta.contains) && item.contains) meta.contains = item.contains;
  const metadata: Record<string, unknown> = {};
  for (const { tab, fields } of tabs) {
    const values =
      tab === 'meta' ? meta : isRecord(storedTabs[tab]) ? (storedTabs[tab] as Record<string, unknown>) : {};
    metadata[tab] =
      fields.length === 0 ? [] : Object.fromEntries(fields.map((field) => [field, values[field] ?? null]));
  }
  return { metadata };
}
