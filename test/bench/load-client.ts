// Runs one autocannon load in its own process (the bench pins it to the other core) and prints the figures as JSON.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

export interface LoadPlan {
  url: string;
  connections: number;
  durationSeconds: number;
  requests: Array<{ path: string; headers?: Record<string, string> }>;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  total: number;
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadPlan;
const result = await autocannon({
  url: plan.url,
  connections: plan.connections,
  duration: plan.durationSeconds,
  requests: plan.requests.map((request) => ({ method: 'GET', path: request.path, ...(request.headers ? { headers: request.headers } : {}) })),
});
const figures: LoadFigures = {
  requestsPerSecond: result.requests.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
  total: result.requests.total,
};
console.log(JSON.stringify(figures));
