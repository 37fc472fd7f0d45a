// `serve --metrics` over real HTTP: exact counter values after a known sequence of requests, a scrape promtool accepts,
// no new series from random URLs, the snapshot info series swapped, and /metrics never on the public port.
import { spawn } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createGatewayMetrics, type GatewayMetrics } from '../../../gateway/metrics/gateway-metrics.ts';
import { startMetricsListener, type MetricsListener } from '../../../terminal/metrics-listener.ts';
import { send } from '../http-client.ts';
import { BODIES, USERS, basic } from '../fixture.ts';
import { standardSpec } from '../fixture.ts';
import { writeAndPublish, writeSnapshot, publishSnapshot } from '../make-snapshot.ts';
import { startFixture, type RunningFixture } from '../start-fixture.ts';
import { seededRandom } from '../../hostile/request-generator.ts';

const ADMIN = basic(USERS.administrator);
const WRONG = basic({ username: USERS.administrator.username, password: 'wrong' });

interface Context {
  fixture: RunningFixture;
  metrics: GatewayMetrics;
  listener: MetricsListener;
}
const context = {} as Context;

/** Each sample line `name{labels} value` by `name{labels}`. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    found.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return found;
}

async function scrape(): Promise<{ text: string; values: Map<string, number> }> {
  const response = await fetch(context.listener.url);
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'text/plain; version=0.0.4; charset=utf-8');
  const text = await response.text();
  return { text, values: samples(text) };
}

const get = (path: string, headers: Record<string, string> = {}) =>
  send(context.fixture.gateway.url, path, { headers });
const value = (values: Map<string, number>, key: string) => values.get(key) ?? 0;

/** promtool's verdict on a scrape, within 20 s. */
function promtool(text: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('promtool', ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) =>
      reject(new Error(`promtool did not start (apt-get install prometheus): ${error.message}`)),
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
    child.stdin.end(text);
  });
}

/** Waits for a condition, up to 5 s. */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the gateway');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const Metrics = suite('gateway metrics');
Metrics.before(async () => {
  context.metrics = createGatewayMetrics();
  context.fixture = await startFixture('metrics', {}, { metrics: context.metrics, limiter: { maxFailures: 1000 } });
  context.listener = await startMetricsListener(context.metrics.registry, '127.0.0.1', 0);
});
Metrics.after(async () => {
  await context.listener.close();
  await context.fixture.gateway.close();
});

Metrics('n requests move the counters by exactly n, by endpoint, status and encoding', async () => {
  const before = (await scrape()).values;
  const navigation = BODIES['navigation:live']?.json ?? '';
  let identityBytes = 0;
  let brBytes = 0;
  for (let count = 0; count < 7; count++)
    identityBytes += (await get('/api/v1/navigation', { Authorization: ADMIN })).body.length;
  const first = await get('/api/v1/article/content?url=/big', { Authorization: ADMIN, 'Accept-Encoding': 'br' });
  brBytes += first.body.length;
  for (let count = 0; count < 3; count++) {
    const again = await get('/api/v1/article/content?url=/big', {
      Authorization: ADMIN,
      'If-None-Match': String(first.headers.etag),
    });
    assert.is(again.status, 304);
  }
  for (let count = 0; count < 4; count++) {
    const refused = await get('/api/v1/navigation', { Authorization: WRONG });
    assert.is(refused.status, 401);
    identityBytes += refused.body.length;
  }
  for (let count = 0; count < 2; count++) {
    const refused = await get('/api/v1/navigation', { Authorization: `Bearer snapi_${'0'.repeat(43)}` });
    assert.is(refused.status, 401);
    identityBytes += refused.body.length;
  }
  for (let count = 0; count < 5; count++) identityBytes += (await get(`/no/such/path/${count}`)).body.length;
  identityBytes += (await get('/api/v1/navigation', {})).body.length;
  const after = (await scrape()).values;
  const moved = (key: string) => value(after, key) - value(before, key);
  assert.equal(
    {
      navigation200: moved('snapi_http_requests_total{endpoint="navigation",status="200"}'),
      navigation401: moved('snapi_http_requests_total{endpoint="navigation",status="401"}'),
      content200: moved('snapi_http_requests_total{endpoint="content",status="200"}'),
      content304: moved('snapi_http_requests_total{endpoint="content",status="304"}'),
      unrouted404: moved('snapi_http_requests_total{endpoint="none",status="404"}'),
      notModified: moved('snapi_http_not_modified_total'),
      refusedLogins: moved('snapi_refused_logins_total'),
      navigationTimed: moved('snapi_http_request_duration_seconds_count{endpoint="navigation"}'),
      navigationAll: moved('snapi_http_request_duration_seconds_bucket{endpoint="navigation",le="+Inf"}'),
      brBytes: moved('snapi_http_response_bytes_total{encoding="br"}'),
      identityBytes: moved('snapi_http_response_bytes_total{encoding="identity"}'),
    },
    {
      navigation200: 7,
      navigation401: 7,
      content200: 1,
      content304: 3,
      unrouted404: 5,
      notModified: 3,
      refusedLogins: 6,
      navigationTimed: 14,
      navigationAll: 14,
      brBytes,
      identityBytes,
    },
  );
  assert.ok(navigation.length > 0 && brBytes > 0);
});

Metrics('throttled callers are counted: the eleventh wrong login from an address gets 429', async () => {
  const metrics = createGatewayMetrics();
  const fixture = await startFixture(
    'metrics-throttle',
    {},
    { metrics, limiter: { maxFailures: 3 }, flood: { parkMs: 0 } },
  );
  try {
    for (let count = 0; count < 3; count++)
      assert.is(
        (await send(fixture.gateway.url, '/api/v1/navigation', { headers: { Authorization: WRONG } })).status,
        401,
      );
    for (let count = 0; count < 2; count++)
      assert.is(
        (await send(fixture.gateway.url, '/api/v1/navigation', { headers: { Authorization: ADMIN } })).status,
        429,
      );
    const values = samples(await metrics.registry.metrics());
    assert.equal(
      [value(values, 'snapi_throttled_requests_total'), value(values, 'snapi_refused_logins_total')],
      [2, 3],
    );
  } finally {
    await fixture.gateway.close();
  }
});

Metrics('a scrape after a mixed load passes promtool check metrics', async () => {
  for (const [path, headers] of [
    ['/api/v1/navigation?draft=true', { Authorization: ADMIN }],
    ['/api/v1/search?q=install', { Authorization: ADMIN }],
    ['/api/v1/article/content?url=/editors-only', { Authorization: basic(USERS.author) }],
    ['/api/v1/settings', { Authorization: basic(USERS.member) }],
    ['/healthz', {}],
    ['/api/v1/openapi.yaml', {}],
    ['/media/live/chart.png', { 'Accept-Encoding': 'gzip' }],
    [`/api/v1/${'x'.repeat(9000)}`, {}],
  ] as Array<[string, Record<string, string>]>)
    await get(path, headers);
  const { text } = await scrape();
  const verdict = await promtool(text);
  assert.equal(verdict, { code: 0, output: '' });
  for (const name of ['process_cpu_seconds_total', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds'])
    assert.ok(text.includes(`\n${name} `), `Node's default metric ${name}`);
});

Metrics('1,000 requests with random URLs and queries add no series', async () => {
  const random = seededRandom(36);
  const word = () => Math.floor(random() * 1e9).toString(36);
  const shapes = [
    () => `/${word()}/${word()}?${word()}=${word()}`,
    () => `/api/v1/${word()}`,
    () => `/api/v1/article/content?url=/${word()}&${word()}=${word()}`,
    () => `/media/live/${word()}.png`,
    () => `/api/v1/search?q=${word()}`,
  ];
  // Each shape once first, so the statuses they answer with exist before the count.
  for (const shape of shapes) await get(shape(), { Authorization: ADMIN });
  const before = (await scrape()).values;
  for (let count = 0; count < 1000; count++) {
    const shape = shapes[Math.floor(random() * shapes.length)] as () => string;
    await get(shape(), { Authorization: ADMIN });
  }
  const after = (await scrape()).values;
  const names = (values: Map<string, number>) => [...values.keys()].filter((key) => key.startsWith('snapi_')).sort();
  assert.equal(names(after), names(before));
  const labelValues = [...after.keys()].join('\n');
  assert.not.match(labelValues, /url=|\/api\/v1|\?/);
});

Metrics('the snapshot info series follows a swap; swaps and refused loads are counted', async () => {
  const { fixture } = context;
  const first = (await scrape()).values;
  const oldId = [...first.keys()].find((key) => key.startsWith('snapi_snapshot_info'));
  assert.is(oldId, 'snapi_snapshot_info{id="metrics-1"}');
  // The gateway notices each publication itself (file watch or its poll); a reload of the same snapshot is no swap.
  await writeAndPublish(fixture.dist, standardSpec('metrics-2'));
  await until(() => fixture.gateway.snapshotId() === 'metrics-2');
  assert.ok(await fixture.gateway.reload());
  await writeSnapshot(fixture.dist, standardSpec('metrics-3', { brokenIndex: true }));
  await publishSnapshot(fixture.dist, 'metrics-3');
  await until(async () => value((await scrape()).values, 'snapi_snapshot_load_failures_total') > 0);
  const after = (await scrape()).values;
  assert.equal(
    [...after.keys()].filter((key) => key.startsWith('snapi_snapshot_info')),
    ['snapi_snapshot_info{id="metrics-2"}'],
  );
  assert.equal(
    [
      value(after, 'snapi_snapshot_swaps_total') - value(first, 'snapi_snapshot_swaps_total'),
      value(after, 'snapi_snapshot_load_failures_total') - value(first, 'snapi_snapshot_load_failures_total'),
    ],
    [1, 1],
  );
  assert.ok(value(after, 'snapi_snapshot_age_seconds') >= 0);
});

Metrics('/metrics is not served on the public port, and the listener serves nothing else', async () => {
  const publicScrape = await get('/metrics');
  assert.equal(
    [publicScrape.status, publicScrape.text],
    [404, '{"message":"Not found. The API lives under /api/v1/."}'],
  );
  const other = await fetch(context.listener.url.replace('/metrics', '/api/v1/navigation'));
  assert.is(other.status, 404);
});

Metrics('no label names a user or a token', async () => {
  await get('/api/v1/navigation', { Authorization: ADMIN });
  const { text } = await scrape();
  assert.not.ok(text.includes(USERS.administrator.username));
  assert.not.match(text, /snapi_[A-Za-z0-9]{20}/);
});

Metrics.run();
