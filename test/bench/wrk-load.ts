// Runs one load with wrk (C, one thread) instead of autocannon: autocannon used 95–99 % of its core against the
// gateway, so its req/s were the client's. A generated Lua script cycles through the same mix and headers.
import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadFigures, LoadPlan } from './load-client.ts';

/** A Lua string literal of an ASCII text (paths are URL-encoded, credentials base64): JSON's escapes are Lua's. */
function luaString(text: string): string {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`wrk-load: not printable ASCII: ${JSON.stringify(text)}`);
  return JSON.stringify(text);
}

/** The Lua script: requests formatted once per thread, one per call in mix order; `done` prints the figures as JSON
 *  (latency in µs). */
export function wrkScript(requests: LoadPlan['requests']): string {
  const rows = requests.map((request) => {
    const headers = Object.entries(request.headers ?? {})
      .map(([name, value]) => `[${luaString(name)}]=${luaString(value)}`)
      .join(',');
    return `{${luaString(request.path)},{${headers}}}`;
  });
  return `local mix = {\n${rows.join(',\n')}\n}
local formatted = {}
local position = 0
init = function(args)
  for i, row in ipairs(mix) do formatted[i] = wrk.format("GET", row[1], row[2]) end
end
request = function()
  position = position % #formatted + 1
  return formatted[position]
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"total":%d,"durationUs":%d,"errors":%d,"non2xx":%d,"p50Us":%d,"p99Us":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(99)))
end
`;
}

interface WrkSummary {
  total: number;
  durationUs: number;
  errors: number;
  non2xx: number;
  p50Us: number;
  p99Us: number;
}

/** The CPU seconds of the shell's children from bash's `times` (its second line: user and system). */
export function childCpuMs(timesOutput: string): number {
  const line = timesOutput.trim().split('\n').pop() ?? '';
  const seconds = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((match) => Number(match[1]) * 60 + Number(match[2]));
  return ((seconds[0] ?? Number.NaN) + (seconds[1] ?? Number.NaN)) * 1000;
}

/** `prefix`: taskset and its core, or nothing. wrk's own CPU comes from bash's `times` after it exits. */
export async function runWrkLoad(
  wrk: string,
  prefix: readonly string[],
  workDir: string,
  plan: LoadPlan,
): Promise<LoadFigures> {
  const script = join(workDir, `wrk-${process.pid}-${Date.now()}.lua`);
  await writeFile(script, wrkScript(plan.requests));
  const args = ['-t1', `-c${plan.connections}`, `-d${plan.durationSeconds}s`, '--timeout', '10s', '-s', script];
  const shell = 'wrk_out=$("$@") || exit $?; printf "%s\\n" "$wrk_out" | tail -n 1; times >&2';
  const started = performance.now();
  const [stdout, stderr] = await new Promise<[string, string]>((resolve, reject) => {
    const child = spawn(...command(prefix, shell, [wrk, ...args, plan.url]), { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve([out, err]) : reject(new Error(`wrk exited ${code}: ${err}`))));
  });
  const wallMs = performance.now() - started;
  await rm(script, { force: true });
  const summary = JSON.parse(stdout.trim()) as WrkSummary;
  return {
    requestsPerSecond: summary.total / (summary.durationUs / 1e6),
    p50Ms: summary.p50Us / 1000,
    p99Ms: summary.p99Us / 1000,
    errors: summary.errors,
    non2xx: summary.non2xx,
    total: summary.total,
    clientCpuPercent: (childCpuMs(stderr) / wallMs) * 100,
  };
}

function command(prefix: readonly string[], shell: string, args: readonly string[]): [string, string[]] {
  const bash = ['bash', '-c', shell, 'wrk-load', ...args];
  return prefix.length === 0 ? ['bash', bash.slice(1)] : [prefix[0]!, [...prefix.slice(1), ...bash]];
}
