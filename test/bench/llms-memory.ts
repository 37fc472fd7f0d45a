// `npx tsx test/bench/llms-memory.ts --dist DIR [--make 40000] [--clients 10]`: the gateway bundle on a built snapshot
// while `clients` callers download llms-full.txt at once (identity, then gzip): its RSS sampled every 50 ms, the peak,
// and each download's bytes and time (docs/performance.md: llms-full.txt). `--make N` builds the site of
// `makeSite({ pages: N, seed: 10 })` into DIR first, as search-memory.ts does.
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from './build-bench.ts';
import { buildMadeSite } from './made-dist.ts';
import { memoryOf, startGatewayProcess } from './servers.ts';

const PORT = 18_743;
const ADMIN = `Basic ${Buffer.from('administrator1:bench-administrator-pass').toString('base64')}`;
const { values } = parseArgs({
  options: { dist: { type: 'string' }, clients: { type: 'string', default: '10' }, make: { type: 'string' } },
});
if (values.dist === undefined) {
  console.error('llms-memory: --dist is required');
  process.exit(2);
}
const log = (line: string) => console.error(`[llms-memory] ${line}`);
if (values.make !== undefined) await buildMadeSite('llms-memory', Number(values.make), values.dist, log);
spawnSync('npm', ['run', 'bundle'], { cwd: PROJECT_ROOT, stdio: 'ignore' });
const tools = {
  taskset: false,
  eleventy: { missing: 'unused' },
  hugo: { missing: 'unused' },
  nginx: { missing: 'unused' },
};
const server = await startGatewayProcess(tools, values.dist, PORT);

/** One download read to its end and dropped chunk by chunk: bytes and milliseconds. */
function download(encoding: string): Promise<{ bytes: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: '/llms-full.txt',
        headers: { Authorization: ADMIN, 'Accept-Encoding': encoding },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ bytes, ms: performance.now() - started }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

try {
  await download('identity');
  const loaded = memoryOf(server.process.pid).rssMb;
  const rows = [];
  for (const encoding of ['identity', 'gzip']) {
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(server.process.pid).rssMb)), 50);
    const downloads = await Promise.all(Array.from({ length: Number(values.clients) }, () => download(encoding)));
    clearInterval(sampler);
    const row = {
      encoding,
      clients: downloads.length,
      mbEach: Math.round(downloads[0]!.bytes / 1e5) / 10,
      slowestS: Math.round(Math.max(...downloads.map((each) => each.ms)) / 100) / 10,
      peakRssMb: Math.round(peak),
    };
    log(JSON.stringify(row));
    rows.push(row);
  }
  console.log(JSON.stringify({ rssAfterLoadMb: Math.round(loaded), rows }));
} finally {
  await server.stop();
}
