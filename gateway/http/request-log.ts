// One JSON line per request and per gateway event; never the Authorization header, a cookie or a password in the
// target.
import { loggableTarget } from './log-redaction.ts';

export type LogWriter = (line: string) => void;

const FLUSH_AT_BYTES = 64 * 1024;
/** Lines wait at most this long; nginx's buffered access_log has the same trade
 *  (docs/performance.md: The request path). */
export const FLUSH_AFTER_MS = 50;

export interface BatchSchedule {
  /** Calls `flush` once after `ms`; the timer must not keep the process alive. */
  later(flush: () => void, ms: number): void;
}

const unrefTimer: BatchSchedule = { later: (flush, ms) => void setTimeout(flush, ms).unref() };

/** Gathers lines and writes them together, at 64 KB or 50 ms after the first waiting line: writing to a pipe is a
 *  blocking system call, and one per event-loop turn cost the gateway a sixth of its busy time under load. */
export function batchedWriter(
  write: (text: string) => void,
  schedule: BatchSchedule = unrefTimer,
): LogWriter & { flush(): void } {
  // One growing string: appending to it is cheaper than an array of lines joined at the flush.
  let pending = '';
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending;
    pending = '';
    write(text);
  };
  const writer = (line: string): void => {
    pending += `${line}\n`;
    if (pending.length >= FLUSH_AT_BYTES) flush();
    else if (!scheduled) {
      scheduled = true;
      schedule.later(flush, FLUSH_AFTER_MS);
    }
  };
  return Object.assign(writer, { flush });
}

const stdoutWriter = batchedWriter((text) => process.stdout.write(text));
process.on('exit', stdoutWriter.flush);

export const stdoutLog: LogWriter = stdoutWriter;

const MAX_LOGGED_PATH = 2048;

export interface RequestLogEntry {
  method: string;
  target: string;
  status: number;
  bytes: number;
  ms: number;
  user: string | null;
}

// One ISO string per millisecond: under load many lines share it, and toISOString was a fifth of a line's cost.
let lastTime = Number.NaN;
let lastIso = '';

function isoOf(value: number): string {
  if (value !== lastTime) {
    lastTime = value;
    lastIso = new Date(value).toISOString();
  }
  return lastIso;
}

// Methods and user names as JSON, remembered: few of each, and the same on most lines (user names are logged anyway).
const QUOTED_NAMES = new Map<string, string>([
  ['GET', '"GET"'],
  ['HEAD', '"HEAD"'],
]);
const MAX_QUOTED_NAMES = 1024;

function quotedName(name: string): string {
  const known = QUOTED_NAMES.get(name);
  if (known !== undefined) return known;
  const quoted = JSON.stringify(name);
  if (QUOTED_NAMES.size >= MAX_QUOTED_NAMES) QUOTED_NAMES.clear();
  QUOTED_NAMES.set(name, quoted);
  return quoted;
}

// The logged path as JSON per target that needed no redaction: a site's requests repeat the same targets. As in
// log-redaction.ts, a target that held a secret is never kept; the map is emptied when full.
const QUOTED_PATHS = new Map<string, string>();
const MAX_QUOTED_PATHS = 4096;

function quotedPath(target: string): string {
  const known = QUOTED_PATHS.get(target);
  if (known !== undefined) return known;
  const loggable = loggableTarget(target);
  const quoted = JSON.stringify(loggable.slice(0, MAX_LOGGED_PATH));
  if (loggable === target) {
    if (QUOTED_PATHS.size >= MAX_QUOTED_PATHS) QUOTED_PATHS.clear();
    QUOTED_PATHS.set(target, quoted);
  }
  return quoted;
}

/** The same text as `JSON.stringify` of the entry's fields in this order, written out: half the cost per request.
 *  `time` may be a Date or its milliseconds (`Date.now()`, no Date made per request). */
export function requestLine(entry: RequestLogEntry, time: Date | number): string {
  const path = quotedPath(entry.target);
  const user = entry.user === null ? 'null' : quotedName(entry.user);
  const ms = Math.round(entry.ms * 10) / 10;
  return (
    `{"time":"${isoOf(typeof time === 'number' ? time : time.getTime())}","method":${quotedName(entry.method)},` +
    `"path":${path},"status":${entry.status},"bytes":${entry.bytes},"ms":${Number.isFinite(ms) ? ms : 'null'},` +
    `"user":${user}}`
  );
}

export { eventLine } from '../../contract/event-line.ts';
