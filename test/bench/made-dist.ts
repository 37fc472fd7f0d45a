// `--make N` of the memory benches: the generated site of N pages (kept in test/.tmp/<bench>/site-N for the next run)
// built into `dist` by the snapi build command, with its time and peak RSS logged.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, snapiBuildArgs } from './build-bench.ts';
import { makeSite } from './make-site.ts';
import { measureRun } from './measure.ts';

export async function buildMadeSite(bench: string, pages: number, dist: string, log: (line: string) => void) {
  const work = join(PROJECT_ROOT, 'test', '.tmp', bench, `site-${pages}`);
  const site = existsSync(join(work, 'site'))
    ? join(work, 'site')
    : makeSite({ directory: work, pages, seed: 10 }).site;
  rmSync(dist, { recursive: true, force: true });
  log(`building ${pages} pages into ${dist}`);
  const build = await measureRun(process.execPath, snapiBuildArgs(site, dist), PROJECT_ROOT);
  log(`built in ${(build.wallMs / 1000).toFixed(1)} s, peak ${build.peakRssMb.toFixed(0)} MB`);
}
