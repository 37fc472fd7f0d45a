// One JSON line per event (`{"time":…,"event":…,…}`), the log format the gateway, the follower and watch share.

export function eventLine(event: string, details: Record<string, unknown>, time: Date): string {
  return JSON.stringify({ time: time.toISOString(), event, ...details });
}
