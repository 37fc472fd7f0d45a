// Change feed and webhook benchmark: on a generated site, `edits` one-page builds; then the server CPU of a feed answer
// for `since` that many edits back (first answer reading the deltas, and the composition alone), and, with a gateway
// and a local receiver, the time from the gateway serving a new snapshot to the receiver getting its event (p95).
// Run: npx tsx test/bench/feed-bench.ts [--pages 4000] [--edits 100] [--rounds 20] (issue #34 targets: ≤ 2 ms, ≤ 100 ms)
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildSite } from '../../generator/build-site.ts';
import { feedBetween } from '../../gateway/changes/changes-endpoint.ts';
import { startGateway } from '../../gateway/http/server.ts';
import { loadSnapshot } from '../../gateway/snapshot/snapshot-loader.ts';
import { parseWebhookOptions } from '../../gateway/webhooks/webhook-options.ts';
import { startReceiver, TEST_SECRET } from '../gateway/webhooks/receiver.ts';
import { makeSite } from './make-site.ts';
import type { TargetRow } from './report.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

export interface FeedBenchFigures {
  pages: number;
  edits: number;
  /** CPU of the first answer (reads and parses the deltas) and of an answer whose deltas are in memory. */
  firstAnswerCpuMs: number;
  answerCpuMs: number;
  servedToReceivedP95Ms: number;
  servedToReceivedMedianMs: number;
}

const percentile = (values: number[], share: number) =>
  [...values].sort((left, right) => left - right)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0;

function cpuMs<T>(task: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const before = process.cpuUsage();
  return task().then((value) => {
    const used = process.cpuUsage(before);
    return { ms: (used.user + used.system) / 1000, value };
  });
}

export async function runFeedBench(pages: number, edits: number, rounds: number, workDir: string) {
  mkdirSync(workDir, { recursive: true });
  const made = makeSite({ directory: join(workDir, 'site'), pages });
  const out = join(workDir, 'dist');
  rmSync(out, { recursive: true, force: true });
  const build = async () => {
    const outcome = await buildSite({ site: made.site, out, baseUrl: 'http://localhost:8080' });
    if (!outcome.ok) throw new Error('feed bench: build failed');
    return outcome.published.id;
  };
  const since = await build();
  for (let edit = 0; edit < edits; edit++) {
    const page = made.samplePages[edit % made.samplePages.length] as string;
    appendFileSync(page, `\nEdit ${edit} for the feed benchmark.\n`);
    await build();
  }
  const { snapshot } = await loadSnapshot(out, { lookup: async () => [] });
  const first = await cpuMs(() => feedBetween(snapshot, since, snapshot.id, { role: 'author', username: 'first' }));
  if (first.value === undefined) throw new Error(`feed bench: ${since} is not in the history`);
  const answers: number[] = [];
  for (let round = 0; round < 20; round++)
    answers.push(
      (await cpuMs(() => feedBetween(snapshot, since, snapshot.id, { role: 'author', username: `u${round}` }))).ms,
    );

  const receiver = await startReceiver();
  const secretFile = join(workDir, 'secret');
  const state = join(workDir, 'state');
  rmSync(state, { recursive: true, force: true });
  mkdirSync(state);
  writeFileSync(secretFile, TEST_SECRET);
  const webhooks = parseWebhookOptions({
    webhook: [`bench=${receiver.url}`],
    'webhook-secret-file': [`bench=${secretFile}`],
    state,
  });
  const servedAt = new Map<string, number>();
  const gateway = await startGateway({
    dist: out,
    port: 0,
    pollMs: 20,
    log: (line) => {
      const loaded = /"event":"snapshot-loaded".*"snapshot":"([^"]+)"/.exec(line);
      if (loaded) servedAt.set(loaded[1] as string, performance.now());
    },
    ...(webhooks ? { webhooks } : {}),
  });
  const latencies: number[] = [];
  try {
    await receiver.waitFor(1, 30_000);
    for (let round = 0; round < rounds; round++) {
      appendFileSync(made.samplePages[round % made.samplePages.length] as string, `\nRound ${round}.\n`);
      const id = await build();
      await receiver.waitFor(round + 2, 30_000);
      const received = receiver.arrivedAt[round + 1] as number;
      const served = servedAt.get(id);
      if (served === undefined) throw new Error(`feed bench: ${id} was not logged as loaded`);
      latencies.push(received - served);
    }
  } finally {
    await gateway.close();
    await receiver.close();
  }
  return {
    pages,
    edits,
    firstAnswerCpuMs: Number(first.ms.toFixed(2)),
    answerCpuMs: Number(percentile(answers, 0.5).toFixed(2)),
    servedToReceivedP95Ms: Number(percentile(latencies, 0.95).toFixed(1)),
    servedToReceivedMedianMs: Number(percentile(latencies, 0.5).toFixed(1)),
  } satisfies FeedBenchFigures;
}

/** The rows of `npm run bench` (issue #34's targets). */
export function feedRows(figures: FeedBenchFigures): TargetRow[] {
  return [
    {
      measure: `feed answer CPU, since ${figures.edits} one-page edits back, ${figures.pages} pages`,
      value: figures.answerCpuMs,
      target: '≤ 2 ms',
      met: figures.answerCpuMs <= 2,
      note: `first answer after a start (reads the deltas) ${figures.firstAnswerCpuMs} ms`,
    },
    {
      measure: 'new snapshot served → webhook received, p95, local receiver',
      value: figures.servedToReceivedP95Ms,
      target: '≤ 100 ms',
      met: figures.servedToReceivedP95Ms <= 100,
      note: `median ${figures.servedToReceivedMedianMs} ms; builder, gateway and receiver in one process`,
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '4000' },
      edits: { type: 'string', default: '100' },
      rounds: { type: 'string', default: '20' },
    },
  });
  const figures = await runFeedBench(
    Number(values.pages),
    Number(values.edits),
    Number(values.rounds),
    join(ROOT, 'test', '.tmp', 'feed-bench'),
  );
  console.log(JSON.stringify(figures));
}
