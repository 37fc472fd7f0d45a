// Sends requests at a fixed offered rate whatever the answers take (an open loop), in its own process, and prints the
// latency from each request's scheduled start as JSON: a slow answer delays no later request, so queueing shows.
import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';

export interface OpenLoopPlan {
  url: string;
  /** Requests per second, sent at even intervals. */
  rate: number;
  durationSeconds: number;
  /** Taken in order by one cursor, from the start again at the end. */
  requests: Array<{ path: string; headers?: Record<string, string> }>;
}

export interface OpenLoopFigures {
  offeredRate: number;
  sent: number;
  answered: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Non-2xx answers, socket errors and requests unanswered TIMEOUT_MS after their start. */
  errors: number;
  clientCpuPercent: number;
}

/** A request still unanswered this long after its scheduled start counts as an error. */
const TIMEOUT_MS = 5000;

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

async function run(plan: OpenLoopPlan): Promise<OpenLoopFigures> {
  const target = new URL(plan.url);
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  let pending = 0;
  const total = Math.round(plan.rate * plan.durationSeconds);
  const started = performance.now();
  const cpu = process.cpuUsage();
  await new Promise<void>((resolve) => {
    const finish = () => pending === 0 && sent === total && resolve();
    const send = (scheduled: number) => {
      const next = plan.requests[sent % plan.requests.length]!;
      sent++;
      pending++;
      let done = false;
      const settle = (ok: boolean) => {
        if (done) return;
        done = true;
        pending--;
        if (ok) latencies.push(performance.now() - scheduled);
        else errors++;
        finish();
      };
      const outgoing = request({ agent, host: target.hostname, port: target.port, path: next.path, headers: next.headers, timeout: TIMEOUT_MS }, (response) => {
        response.resume();
        response.on('end', () => settle(response.statusCode !== undefined && response.statusCode < 300));
        response.on('error', () => settle(false));
      });
      outgoing.on('timeout', () => { outgoing.destroy(); settle(false); });
      outgoing.on('error', () => settle(false));
      outgoing.end();
    };
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * plan.rate) + 1);
      // Each request keeps its own scheduled time, so a late tick does not hide the delay.
      while (sent < due) send(started + (sent / plan.rate) * 1000);
      if (sent < total) setTimeout(tick, 1);
      else finish();
    };
    tick();
  });
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  agent.destroy();
  const sorted = latencies.sort((left, right) => left - right);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    offeredRate: plan.rate, sent, answered: latencies.length,
    p50Ms: round(percentile(sorted, 0.5)), p99Ms: round(percentile(sorted, 0.99)), maxMs: round(sorted.at(-1) ?? Number.NaN), errors,
    clientCpuPercent: ((used.user + used.system) / 1000 / elapsed) * 100,
  };
}

if (process.argv[2] !== undefined) console.log(JSON.stringify(await run(JSON.parse(readFileSync(process.argv[2], 'utf8')) as OpenLoopPlan)));
