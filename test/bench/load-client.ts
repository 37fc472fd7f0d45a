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
  /** The load client's own CPU time over the run, in % of one core: near 100, the client is the bottleneck. */
  clientCpuPercent: number;
}

function cpuPercent(): number {
  const used = process.cpuUsage(cpuBefore);
  return ((used.user + used.system) / 1000 / (performance.now() - wallBefore)) * 100;
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadPlan;
const requests = plan.requests.map((request) => ({
  method: 'GET',
  path: request.path,
  ...(request.headers ? { headers: request.headers } : {}),
}));
let connection = 0;
const cpuBefore = process.cpuUsage();
const wallBefore = performance.now();
const result = await autocannon({
  url: plan.url,
  connections: plan.connections,
  duration: plan.durationSeconds,
  requests,
  // Each connection starts at its own place in the mix: otherwise all 50 begin with the same (largest) bodies and a
  // short run never gets past them.
  setupClient: (client) => {
    const offset = (connection++ * Math.floor(requests.length / plan.connections)) % requests.length;
    client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
  },
});
const figures: LoadFigures = {
  requestsPerSecond: result.requests.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
  total: result.requests.total,
  clientCpuPercent: cpuPercent(),
};
console.log(JSON.stringify(figures));
