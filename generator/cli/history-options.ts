// `--keep-history N` and `--keep-history-hours H` of `build` and `watch`: how much change history a snapshot carries.
import { HISTORY_DEFAULTS, type HistoryPolicy } from '../../contract/history.ts';
import { UsageError } from '../../terminal/command-line.ts';

export const HISTORY_OPTIONS = {
  'keep-history': { type: 'string' },
  'keep-history-hours': { type: 'string' },
} as const;

export const HISTORY_USAGE = `  --keep-history N  snapshots the change feed reaches back (default ${HISTORY_DEFAULTS.count})
  --keep-history-hours H  … or hours, whichever keeps more (default ${HISTORY_DEFAULTS.hours})`;

function whole(value: unknown, option: string, fallback: number): number {
  if (value === undefined) return fallback;
  const text = String(value);
  if (!/^[0-9]{1,7}$/.test(text) || Number(text) < 1)
    throw new UsageError(`${option} "${text}" is not a whole number from 1 to 9999999`);
  return Number(text);
}

export function parseHistoryPolicy(values: Record<string, unknown>): HistoryPolicy {
  return {
    count: whole(values['keep-history'], '--keep-history', HISTORY_DEFAULTS.count),
    hours: whole(values['keep-history-hours'], '--keep-history-hours', HISTORY_DEFAULTS.hours),
  };
}
