// Scale benchmark: full snapi builds of generated sites of growing size, one after another, with wall and CPU time and
// peak resident memory of the build process (GNU time). Sites are made fresh unless `reuse` finds one of that size.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { snapiBuildArgs, PROJECT_ROOT } from './build-bench.ts';
import { makeSite } from './make-site.ts';
import { measureRun, type RunFigures } from './measure.ts';

export interface ScaleFigures extends RunFigures {
  pages: number;
}

export interface ScaleBenchOptions {
  sizes: readonly number[];
  workDir: string;
  /** Keep a site made by an earlier run (the generator is deterministic for a size and seed). */
  reuse: boolean;
  /** Keep the largest site's snapshot (in `scale-out-<pages>`) for the gateway's start-up and memory rows. */
  keepLargest?: boolean;
  log: (line: string) => void;
}

const MADE_MARKER = 'made.json';

function siteOf(directory: string, pages: number, reuse: boolean): string {
  const marker = join(directory, MADE_MARKER);
  if (reuse && existsSync(marker) && (JSON.parse(readFileSync(marker, 'utf8')) as { pages: number }).pages === pages)
    return join(directory, 'site');
  const made = makeSite({ directory, pages });
  writeFileSync(marker, JSON.stringify({ pages }));
  return made.site;
}

export function scaleOutDir(workDir: string, pages: number): string {
  return join(workDir, `scale-out-${pages}`);
}

export async function runScaleBench(options: ScaleBenchOptions): Promise<ScaleFigures[]> {
  const results: ScaleFigures[] = [];
  for (const pages of options.sizes) {
    options.log(`scale: making a ${pages}-page site`);
    const site = siteOf(join(options.workDir, `scale-site-${pages}`), pages, options.reuse);
    const out = scaleOutDir(options.workDir, pages);
    rmSync(out, { recursive: true, force: true });
    const figures = await measureRun(process.execPath, snapiBuildArgs(site, out), PROJECT_ROOT);
    options.log(
      `scale: ${pages} pages built in ${(figures.wallMs / 1000).toFixed(1)} s wall, ${(figures.cpuMs / 1000).toFixed(1)} s CPU, ${figures.peakRssMb.toFixed(0)} MB peak`,
    );
    if (!(options.keepLargest && pages === Math.max(...options.sizes))) rmSync(out, { recursive: true, force: true });
    results.push({ pages, ...figures });
  }
  return results;
}
