// Sends requests at a fixed offered rate whatever the answers take (an open loop), in its own process, and prints the
// latency from each request's scheduled start as JSON: a slow answer delays no later request, so queueing shows.
import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';

export interface OpenLoopPlan {
  url: string;
  /** Requests per second, sent at even intervals. */
  rate: number;
  /** Sent at the same rate first and not counted: the client's connections are opened before the measured run. */
  warmupSeconds: number;
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

interface Phase {
  latencies: number[];
  errors: number;
  sent: number;
  elapsedMs: number;
}

/** Sends `seconds` × rate requests from `first` in the list at even intervals and waits for every answer. */
function phase(plan: OpenLoopPlan, agent: Agent, seconds: number, first: number): Promise<Phase> {
  const target = new URL(plan.url);
  const result: Phase = { latencies: [], errors: 0, sent: 0, elapsedMs: 0 };
  const total = Math.round(plan.rate * seconds);
  const started = performance.now();
  let pending = 0;
  return new Promise((resolve) => {
    const finish = () => {
      if (pending !== 0 || result.sent !== total) return;
      result.elapsedMs = performance.now() - started;
      resolve(result);
    };
    const send = (scheduled: number) => {
      const next = plan.requests[(first + result.sent) % plan.requests.length]!;
      result.sent++;
      pending++;
      let done = false;
      const settle = (ok: boolean) => {
        if (done) return;
        done = true;
        pending--;
        if (ok) result.latencies.push(performance.now() - scheduled);
        else result.errors++;
        finish();
      };
      const outgoing = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: next.path,
          headers: next.headers,
          timeout: TIMEOUT_MS,
        },
        (response) => {
          response.resume();
          response.on('end', () => settle(response.statusCode !== undefined && response.statusCode < 300));
          response.on('error', () => settle(false));
        },
      );
      outgoing.on('timeout', () => {
        outgoing.destroy();
        settle(false);
      });
      outgoing.on('error', () => settle(false));
      outgoing.end();
    };
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * plan.rate) + 1);
      // Each request keeps its own scheduled time, so a late tick does not hide the delay.
      while (result.sent < due) send(started + (result.sent / plan.rate) * 1000);
      if (result.sent < total) setTimeout(tick, 1);
      else finish();
    };
    tick();
  });
}

async function run(plan: OpenLoopPlan): Promise<OpenLoopFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const warm = await phase(plan, agent, plan.warmupSeconds, 0);
  const cpu = process.cpuUsage();
  const measured = await phase(plan, agent, plan.durationSeconds, warm.sent);
  const used = process.cpuUsage(cpu);
  agent.destroy();
  const sorted = measured.latencies.sort((left, right) => left - right);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    offeredRate: plan.rate,
    sent: measured.sent,
    answered: sorted.length,
    p50Ms: round(percentile(sorted, 0.5)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
    errors: measured.errors,
    clientCpuPercent: ((used.user + used.system) / 1000 / measured.elapsedMs) * 100,
  };
}

if (process.argv[2] !== undefined)
  console.log(JSON.stringify(await run(JSON.parse(readFileSync(process.argv[2], 'utf8')) as OpenLoopPlan)));
