// The feed's first answer after a gateway start, `since` 100 one-page edits back: the edits published by `snapi watch`
// (a child process, as deployed), then in this process the server CPU of the first answer cold (it reads and parses
// the deltas), of the warm-up a load now starts in the background, of the first answer after it, and of later answers.
// Run: npx tsx test/bench/feed-first-answer.ts [--pages 4000] [--edits 100] (issue #34: ≤ 2 ms)
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { feedBetween } from '../../gateway/changes/changes-endpoint.ts';
import { forgetKeptBodies, warmRecentDeltas } from '../../gateway/changes/history-reader.ts';
import { loadSnapshot } from '../../gateway/snapshot/snapshot-loader.ts';
import { startLineProcess } from '../helpers/line-process.ts';
import { makeSite } from './make-site.ts';
import type { TargetRow } from './report.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const WATCH = join(ROOT, 'generator', 'build', 'watch.mjs');

async function cpuMs<T>(task: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const before = process.cpuUsage();
  const value = await task();
  const used = process.cpuUsage(before);
  return { ms: Number(((used.user + used.system) / 1000).toFixed(2)), value };
}

export async function runFeedFirstAnswer(pages: number, edits: number, work: string) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const made = makeSite({ directory: join(work, 'made'), pages });
  const dist = join(work, 'dist');
  const watch = startLineProcess(WATCH, ['--site', made.site, '--out', dist, '--base-url', 'http://localhost']);
  const published = async (what: string) =>
    JSON.parse(await watch.next((line) => line.includes('"published"'), what, 600_000)) as { snapshot: string };
  let since: string;
  try {
    since = (await published('the first publish')).snapshot;
    for (let edit = 0; edit < edits; edit++) {
      appendFileSync(made.samplePages[edit % made.samplePages.length] as string, `\nFeed edit ${edit}.\n`);
      await published(`edit ${edit}`);
    }
  } finally {
    await watch.stop();
  }
  const { snapshot } = await loadSnapshot(dist, { lookup: async () => [] });
  const answer = (username: string) =>
    cpuMs(() => feedBetween(snapshot, since, snapshot.id, { role: 'author', username }));
  const cold = await answer('cold');
  if (cold.value === undefined) throw new Error(`feed first answer: ${since} is not in the history`);
  forgetKeptBodies();
  const warmUp = await cpuMs(() => warmRecentDeltas(snapshot.directory, snapshot.history!));
  const warmed = await answer('warmed');
  const later: number[] = [];
  for (let round = 0; round < 20; round++) later.push((await answer(`later-${round}`)).ms);
  later.sort((left, right) => left - right);
  return {
    pages,
    edits,
    history: { chunks: snapshot.history?.chunks.length, recent: snapshot.history?.recent.length },
    coldFirstAnswerCpuMs: cold.ms,
    warmUpCpuMs: warmUp.ms,
    warmedFirstAnswerCpuMs: warmed.ms,
    laterAnswerMedianCpuMs: later[10],
  };
}

/** The row of `npm run bench` (issue #34's target), for the first answer after a start once the warm-up has run. */
export function feedFirstAnswerRow(figures: Awaited<ReturnType<typeof runFeedFirstAnswer>>): TargetRow {
  return {
    measure: `feed answer CPU, since ${figures.edits} one-page edits back, ${figures.pages} pages, first after a start`,
    value: figures.warmedFirstAnswerCpuMs,
    target: '≤ 2 ms',
    met: figures.warmedFirstAnswerCpuMs <= 2,
    note: `cold ${figures.coldFirstAnswerCpuMs} ms; warm-up after the load ${figures.warmUpCpuMs} ms off the request path; later answers ${figures.laterAnswerMedianCpuMs} ms`,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { pages: { type: 'string', default: '4000' }, edits: { type: 'string', default: '100' } },
  });
  const figures = await runFeedFirstAnswer(
    Number(values.pages),
    Number(values.edits),
    join(ROOT, 'test', '.tmp', 'feed-first-answer'),
  );
  console.log(JSON.stringify(figures, null, 2));
}
