// Webhooks beside `snapi watch`, each program in its own process as deployed: `watch` and the built gateway as
// children, the receiver in this process. Three phases of one-page saves on a generated site: no webhooks, a receiver
// that never answers, a receiver that answers; save → served (polling the page) for each, and served → received (the
// gateway's `snapshot-loaded` line to the receiver's arrival, both wall clock) for the last.
// Run: npx tsx test/bench/webhook-latency.ts [--pages 4000] [--edits 20] (issue #34: within 10 %, ≤ 100 ms)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startLineProcess, type LineProcess } from '../helpers/line-process.ts';
import { startReceiver, TEST_SECRET, type TestReceiver } from '../gateway/webhooks/receiver.ts';
import { send } from '../gateway/http-client.ts';
import { makeSite } from './make-site.ts';
import type { TargetRow } from './report.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const WATCH = join(ROOT, 'generator', 'build', 'watch.mjs');
const SERVE = join(ROOT, 'gateway', 'build', 'serve.mjs');
const POLL_MS = 10;
const GIVE_UP_MS = 60_000;

/** Nearest-rank percentile. */
const percentile = (values: readonly number[], share: number) =>
  [...values].sort((left, right) => left - right)[Math.min(values.length - 1, Math.ceil(share * values.length) - 1)] ??
  0;

export interface PhaseFigures {
  savedToServedMs: number[];
  servedToReceivedMs: number[];
}

async function startServe(args: string[]): Promise<{ gateway: LineProcess; url: string }> {
  const gateway = startLineProcess(SERVE, ['--port', '0', '--host', '127.0.0.1', ...args]);
  const line = await gateway.next((text) => text.startsWith('snapi gateway listening on '), 'the gateway', 120_000);
  return { gateway, url: (/listening on (\S+)/.exec(line) as RegExpExecArray)[1] as string };
}

async function phase(options: {
  label: string;
  work: string;
  dist: string;
  page: string;
  edits: number;
  auth: string;
  contentPath: string;
  receiver?: TestReceiver;
  log: (line: string) => void;
}): Promise<PhaseFigures> {
  const { receiver } = options;
  const state = join(options.work, `state-${options.label}`);
  const secretFile = join(options.work, 'secret');
  writeFileSync(secretFile, TEST_SECRET);
  mkdirSync(state, { recursive: true });
  const webhookArgs = receiver
    ? ['--state', state, '--webhook', `bench=${receiver.url}`, '--webhook-secret-file', `bench=${secretFile}`]
    : [];
  const { gateway, url } = await startServe(['--dist', options.dist, ...webhookArgs]);
  const original = readFileSync(options.page, 'utf8');
  const figures: PhaseFigures = { savedToServedMs: [], servedToReceivedMs: [] };
  try {
    if (receiver?.mode === 'up') await receiver.waitFor(1, 30_000);
    for (let edit = 1; edit <= options.edits; edit++) {
      const marker = `webhook latency ${options.label} ${edit} ${Date.now()}`;
      const before = receiver?.delivered.length ?? 0;
      const saved = performance.now();
      writeFileSync(options.page, `${original}\n\n${marker}\n`);
      for (;;) {
        const answer = await send(url, options.contentPath, { headers: { Authorization: options.auth } });
        if (answer.text.includes(marker)) break;
        if (performance.now() - saved > GIVE_UP_MS) throw new Error(`${options.label} edit ${edit} never served`);
        await new Promise((wake) => setTimeout(wake, POLL_MS));
      }
      figures.savedToServedMs.push(performance.now() - saved);
      if (receiver?.mode === 'up') {
        await receiver.waitFor(before + 1, 30_000);
        const current = String(receiver.delivered[before]?.body.data.current);
        const loaded = await gateway.next(
          (line) => line.includes('"event":"snapshot-loaded"') && line.includes(`"snapshot":"${current}"`),
          'the swap',
          30_000,
        );
        const servedAt = Date.parse((JSON.parse(loaded) as { time: string }).time);
        const arrivedAt = performance.timeOrigin + (receiver.arrivedAt[before] as number);
        figures.servedToReceivedMs.push(arrivedAt - servedAt);
      }
      options.log(`${options.label} edit ${edit}: ${(figures.savedToServedMs.at(-1) as number).toFixed(0)} ms`);
    }
  } finally {
    writeFileSync(options.page, original);
    await gateway.stop();
  }
  return figures;
}

export async function runWebhookLatency(pages: number, edits: number, work: string, log: (line: string) => void) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const made = makeSite({ directory: join(work, 'made'), pages });
  const dist = join(work, 'dist');
  const admin = made.users.find((user) => user.role === 'administrator') as { username: string; password: string };
  const auth = `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString('base64')}`;
  const page = made.samplePages[0] as string;
  const slug = relative(join(made.site, 'content'), page)
    .replace(/\.md$/, '')
    .split('/')
    .map((segment) => segment.replace(/^\d+-/, ''))
    .join('/');
  const contentPath = `/api/v1/article/content?url=${encodeURIComponent(`/${slug}`)}`;
  const watch = startLineProcess(WATCH, ['--site', made.site, '--out', dist, '--base-url', 'http://localhost']);
  const receiver = await startReceiver();
  try {
    await watch.next((line) => line.includes('"published"'), 'the first publish', 600_000);
    const common = { work, dist, page, edits, auth, contentPath, log };
    const without = await phase({ ...common, label: 'none' });
    receiver.mode = 'hang';
    const hanging = await phase({ ...common, label: 'hang', receiver });
    receiver.mode = 'up';
    const answering = await phase({ ...common, label: 'up', receiver });
    return {
      pages,
      edits,
      savedToServedP95Ms: {
        none: percentile(without.savedToServedMs, 0.95),
        hang: percentile(hanging.savedToServedMs, 0.95),
        up: percentile(answering.savedToServedMs, 0.95),
      },
      savedToServedMedianMs: {
        none: percentile(without.savedToServedMs, 0.5),
        hang: percentile(hanging.savedToServedMs, 0.5),
        up: percentile(answering.savedToServedMs, 0.5),
      },
      servedToReceivedP95Ms: percentile(answering.servedToReceivedMs, 0.95),
      servedToReceivedMedianMs: percentile(answering.servedToReceivedMs, 0.5),
      servedToReceivedMs: answering.servedToReceivedMs.map((value) => Math.round(value)),
    };
  } finally {
    await watch.stop();
    await receiver.close();
  }
}

/** The rows of `npm run bench` (issue #34's targets). */
export function webhookRows(figures: Awaited<ReturnType<typeof runWebhookLatency>>): TargetRow[] {
  const { none, hang } = figures.savedToServedP95Ms;
  const ratio = hang / none;
  return [
    {
      measure: 'new snapshot served → webhook received, p95, local receiver (watch, gateway, receiver apart)',
      value: Number(figures.servedToReceivedP95Ms.toFixed(1)),
      target: '≤ 100 ms',
      met: figures.servedToReceivedP95Ms <= 100,
      note: `median ${figures.servedToReceivedMedianMs.toFixed(1)} ms over ${figures.edits} saves`,
    },
    {
      measure: `snapi watch, one page saved → served, p95, ${figures.pages} pages, receiver never answering / none`,
      value: Number(ratio.toFixed(2)),
      target: '≤ 1.1',
      met: ratio <= 1.1,
      note: `p95 ${hang.toFixed(0)} ms with, ${none.toFixed(0)} ms without webhooks`,
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { pages: { type: 'string', default: '4000' }, edits: { type: 'string', default: '20' } },
  });
  const figures = await runWebhookLatency(
    Number(values.pages),
    Number(values.edits),
    join(ROOT, 'test', '.tmp', 'webhook-latency'),
    (line) => console.error(line),
  );
  console.log(JSON.stringify(figures, null, 2));
}
