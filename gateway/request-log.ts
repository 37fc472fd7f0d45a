// One JSON line per request and per gateway event; never the Authorization header.

export type LogWriter = (line: string) => void;

export const stdoutLog: LogWriter = (line) => process.stdout.write(line + '\n');

const MAX_LOGGED_PATH = 2048;

export interface RequestLogEntry {
  method: string;
  target: string;
  status: number;
  bytes: number;
  ms: number;
  user: string | null;
}

export function requestLine(entry: RequestLogEntry, time: Date): string {
  return JSON.stringify({
    time: time.toISOString(),
    method: entry.method,
    path: entry.target.slice(0, MAX_LOGGED_PATH),
    status: entry.status,
    bytes: entry.bytes,
    ms: Math.round(entry.ms * 10) / 10,
    user: entry.user,
  });
}

export function eventLine(event: string, details: Record<string, unknown>, time: Date): string {
  return JSON.stringify({ time: time.toISOString(), event, ...details });
}
