// Times the search step of a one-page rebuild on a made site (test/bench/make-site.ts): the full step with the resident
// memo, and the page-local update (updateSearchPages), each the median CPU time of ROUNDS edits of one page's text.
// Run: npx tsx test/generator/search/one-page-search-bench.ts [pages, default 4000]
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KEYS, keyOf } from '../../../contract/endpoints.ts';
import { contentHash } from '../../../contract/etag.ts';
import { finishBuild, planBuild, renderPages } from '../../../generator/build.ts';
import { loadSite } from '../../../generator/load/load-site.ts';
import { languageOf, searchPageOf, siteSearchResponses } from '../../../generator/search/search-step.ts';
import type { SearchMemo } from '../../../generator/search/search-step.ts';
import { makeSite } from '../../bench/make-site.ts';
import { median } from '../../bench/measure.ts';

const ROUNDS = 7;
const pageCount = Number(process.argv[2] ?? 4000);
const made = makeSite({ directory: join(tmpdir(), `snapi-search-bench-${pageCount}`), pages: pageCount });
const plan = planBuild((await loadSite(made.site, 'http://localhost:8080')).source);
const bodies = new Map(
  finishBuild(plan, renderPages(plan))
    .responses.filter((response) => response.key.startsWith('content:'))
    .map((response) => [response.key, response.body]),
);
const hashes = new Map([...bodies].map(([key, body]) => [key, contentHash(body)]));
const contents = { read: async (key: string) => bodies.get(key), hashOf: (key: string) => hashes.get(key) };
const page = plan.pages[Math.floor(plan.pages.length / 2)]!;
const liveKey = keyOf(KEYS.contentLive, page.url);
const original = bodies.get(liveKey)!;
const edit = (round: number) => {
  const body = original.replace('<p>', `<p>Podman${round} `);
  bodies.set(liveKey, body);
  hashes.set(liveKey, contentHash(body));
};

/** CPU time (the step runs on this thread alone), which other work on a shared machine disturbs less than wall time.
 *  */
async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = process.cpuUsage();
  await run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

const memo: SearchMemo = new Map();
const cold = await timed(() => siteSearchResponses(plan, contents, { memo }));
const full: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  edit(round);
  full.push(await timed(() => siteSearchResponses(plan, contents, { memo })));
}
const kept = memo.site!.shards.reduce((sum, shard) => sum + shard.body.length, memo.site!.root.length);
const report = [
  `the memo keeps ${memo.site!.shards.length} shard bodies, ${(kept / 1e6).toFixed(1)} M characters`,
  `${plan.pages.length} pages, edited ${page.url}`,
  `first full step ${cold.toFixed(1)} ms`,
  `full step with memo after a one-page edit: median ${median(full).toFixed(1)} ms (${full.map((ms) => ms.toFixed(1)).join(', ')})`,
];
const update = await import('../../../generator/search/search-update.ts').catch(() => undefined);
if (update !== undefined) {
  const language = languageOf(plan);
  const inputs = searchPageOf(plan, page);
  const times: number[] = [];
  let changed = 0;
  for (let round = ROUNDS + 1; round <= 2 * ROUNDS; round++) {
    edit(round);
    const edited = { ...inputs, live: bodies.get(liveKey), draft: bodies.get(keyOf(KEYS.contentDraft, page.url)) };
    times.push(
      await timed(async () => {
        changed = (await update.updateSearchPages(memo, [edited], language))?.length ?? -1;
      }),
    );
  }
  // The updated memo must give what a fresh build of the edited site gives.
  const fresh = await siteSearchResponses(plan, contents);
  const again = await siteSearchResponses(plan, contents, { memo });
  if (JSON.stringify(again) !== JSON.stringify(fresh))
    throw new Error('the memo after updates differs from a fresh build');
  report.push(
    `updateSearchPages after a one-page edit: median ${median(times).toFixed(2)} ms (${times.map((ms) => ms.toFixed(2)).join(', ')}); ${changed} responses`,
  );
}
console.log(report.join('\n'));
