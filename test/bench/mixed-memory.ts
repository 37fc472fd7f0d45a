// `npx tsx test/bench/mixed-memory.ts DIST [--bundle FILE] [--seconds 10] [--connections 20]`: the built gateway
// started on DIST, its search index read, then `seconds` of a mixed load (article content, item and meta of 2,000
// pages spread over the site, navigation, and one search in 20) from this process; prints RSS and CPU of the gateway
// after the load and the requests answered. `--bundle` compares another build in the same minutes.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { keyOf, KEYS } from '../../contract/endpoints.ts';
import { DIST_LAYOUT } from '../../contract/snapshot.ts';
import { readSnapshotIndex } from '../../generator/write/read-snapshot-index.ts';
import { benchUsers } from './make-site.ts';
import { cpuMsOf, memoryOf } from './servers.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    bundle: { type: 'string', default: 'gateway/build/serve.mjs' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    port: { type: 'string', default: '18931' },
  },
});
const dist = positionals[0];
if (dist === undefined) throw new Error('usage: mixed-memory.ts DIST [--bundle FILE] [--seconds N]');
const base = `http://127.0.0.1:${values.port}`;
const editor = benchUsers().find((user) => user.role === 'editor')!;
const headers = { Authorization: `Basic ${Buffer.from(`${editor.username}:${editor.password}`).toString('base64')}` };

const { index } = readSnapshotIndex(join(dist, DIST_LAYOUT.currentLink));
const prefix = keyOf(KEYS.contentLive, '');
const urls = Object.keys(index.entries)
  .filter((key) => key.startsWith(prefix))
  .map((key) => key.slice(prefix.length));
const api = (path: string, url: string) => `/api/v1/${path}?url=${encodeURIComponent(url)}`;
const paths = ['/api/v1/navigation'];
const step = Math.max(1, Math.floor(urls.length / 2000));
for (let at = 0; at < urls.length; at += step) {
  const url = urls[at]!;
  paths.push(api('article/content', url), api(at % 2 === 0 ? 'article/item' : 'article/meta', url));
  if (paths.length % 20 === 0)
    paths.push(`/api/v1/search?q=${encodeURIComponent(url.split('/').at(-1)!.split('-')[0]!)}`);
}

const child = spawn(process.execPath, [values.bundle, '--dist', dist, '--port', values.port], { stdio: 'ignore' });
try {
  const started = performance.now();
  for (;;) {
    if (performance.now() - started > 120_000) throw new Error('no /healthz 200 within 120 s');
    const status = await fetch(`${base}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const healthzMs = Math.round(performance.now() - started);
  // The first search waits for the search index.
  const search = await fetch(`${base}/api/v1/search?q=page`, { headers });
  await search.arrayBuffer();
  const searchReadyMs = Math.round(performance.now() - started);
  const rssBeforeLoadMb = Math.round(memoryOf(child.pid).rssMb);
  const cpuBefore = cpuMsOf(child.pid);
  let answered = 0;
  const statuses = new Map<number, number>();
  const until = performance.now() + Number(values.seconds) * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: Number(values.connections) }, async () => {
      while (performance.now() < until) {
        const path = paths[next++ % paths.length]!;
        const response = await fetch(`${base}${path}`, { headers });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        answered++;
      }
    }),
  );
  console.log(
    JSON.stringify({
      healthzMs,
      searchReadyMs,
      rssBeforeLoadMb,
      rssAfterLoadMb: Math.round(memoryOf(child.pid).rssMb),
      peakRssMb: Math.round(memoryOf(child.pid).peakRssMb),
      loadCpuMs: cpuMsOf(child.pid) - cpuBefore,
      answered,
      statuses: Object.fromEntries(statuses),
      distinctPaths: paths.length,
    }),
  );
} finally {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
