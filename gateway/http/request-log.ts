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
  let pending: string[] = [];
  let pendingBytes = 0;
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    pendingBytes = 0;
    write(text);
  };
  const writer = (line: string): void => {
    pending.push(line + '\n');
    pendingBytes += line.length + 1;
    if (pendingBytes >= FLUSH_AT_BYTES) flush();
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

function isoOf(time: Date): string {
  const value = time.getTime();
  if (value !== lastTime) {
    lastTime = value;
    lastIso = time.toISOString();
  }
  return lastIso;
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

/** The same text as `JSON.stringify` of the entry's fields in this order, written out: half the cost per request. */
export function requestLine(entry: RequestLogEntry, time: Date): string {
  const path = quotedPath(entry.target);
  const user = entry.user === null ? 'null' : JSON.stringify(entry.user);
  return (
    `{"time":"${isoOf(time)}","method":${JSON.stringify(entry.method)},"path":${path},"status":${entry.status},` +
    `"bytes":${entry.bytes},"ms":${JSON.stringify(Math.round(entry.ms * 10) / 10)},"user":${user}}`
  );
}

export { eventLine } from '../../contract/event-line.ts';
