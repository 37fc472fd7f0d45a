// Measures what precompressing a snapshot's bodies buys per body size: bytes saved and CPU spent for gzip and brotli
// at the build's levels. Usage: tsx test/bench/compression-policy.ts <dist folder of a built snapshot>
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const BUCKETS = [1024, 2048, 4096, 8192, 16384, 65536, 262144, Infinity];
const dist = process.argv[2];
if (dist === undefined) throw new Error('usage: tsx test/bench/compression-policy.ts DIST');
const bodiesDir = join(dist, 'current', 'bodies');
const names = readdirSync(bodiesDir).filter((name) => name.endsWith('.json'));

interface Bucket {
  count: number;
  bytes: number;
  gzipBytes: number;
  brBytes: number;
  gzipMs: number;
  brMs: number;
}
const buckets = BUCKETS.map((): Bucket => ({ count: 0, bytes: 0, gzipBytes: 0, brBytes: 0, gzipMs: 0, brMs: 0 }));
for (const name of names) {
  const body = readFileSync(join(bodiesDir, name));
  const bucket = buckets[BUCKETS.findIndex((limit) => body.byteLength < limit)]!;
  let started = performance.now();
  const gz = gzipSync(body, { level: 4 });
  bucket.gzipMs += performance.now() - started;
  started = performance.now();
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
  });
  bucket.brMs += performance.now() - started;
  bucket.count += 1;
  bucket.bytes += body.byteLength;
  bucket.gzipBytes += gz.byteLength;
  bucket.brBytes += br.byteLength;
}
console.log(
  '| body size below | bodies | MB | gzip-4 % of size | brotli-5 % | gzip CPU s | brotli CPU s | µs per body (both) |',
);
console.log('|---|---|---|---|---|---|---|---|');
BUCKETS.forEach((limit, index) => {
  const b = buckets[index]!;
  if (b.count === 0) return;
  const pct = (part: number) => ((100 * part) / b.bytes).toFixed(0);
  console.log(
    `| ${limit === Infinity ? '∞' : `${limit / 1024} KiB`} | ${b.count} | ${(b.bytes / 1e6).toFixed(1)} | ${pct(b.gzipBytes)} | ${pct(b.brBytes)} | ${(b.gzipMs / 1000).toFixed(2)} | ${(b.brMs / 1000).toFixed(2)} | ${(((b.gzipMs + b.brMs) * 1000) / b.count).toFixed(0)} |`,
  );
});
