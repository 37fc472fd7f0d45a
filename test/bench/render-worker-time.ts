// Times a render worker's own work in this thread: every page of the bench site through renderContent (split, render
// each block, encode the live and draft bodies, hash them), as render-worker.ts does, without threads or disk writes.
// Usage: npx tsx test/bench/render-worker-time.ts [pages] [rounds] [site folder, made once and reused]
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { planBuild } from '../../generator/build.ts';
import { loadSite } from '../../generator/load/load-site.ts';
import { renderContent } from '../../generator/render/content-bodies.ts';
import { makeSite } from './make-site.ts';

const [pagesText = '4000', roundsText = '3', folder = join(process.cwd(), 'test/.tmp/render-worker-time')] =
  process.argv.slice(2);
const site = join(folder, 'site');
if (!existsSync(site)) makeSite({ directory: folder, pages: Number(pagesText) });
const plan = planBuild((await loadSite(site, 'http://localhost')).source);
const known = plan.source.knownPaths;
const figures: number[] = [];
let bytes = 0;
const digest = createHash('sha256');
for (let round = 0; round < Number(roundsText); round++) {
  const cpuStarted = process.cpuUsage();
  bytes = 0;
  for (const job of plan.contentJobs) {
    const content = renderContent(job, plan.contentSettings, known);
    bytes += (content.live?.length ?? 0) + (content.draft === content.live ? 0 : (content.draft?.length ?? 0));
    // The bodies' digest, once: equal digests before and after a change say the output kept every byte.
    if (round === 0) digest.update(`${content.live}\0${content.draft}\0${JSON.stringify(content.probes)}\0`);
  }
  const cpu = process.cpuUsage(cpuStarted);
  figures.push((cpu.user + cpu.system) / 1000);
}
const sorted = [...figures].sort((left, right) => left - right);
console.log(
  `${plan.contentJobs.length} pages, ${bytes} body characters, digest ${digest.digest('hex').slice(0, 16)}; CPU ms per round: ${figures.map((ms) => ms.toFixed(0)).join(' ')}; median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)}`,
);
