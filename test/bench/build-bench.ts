// Build benchmark: snapi, Eleventy and Hugo on the same markdown, alternating runs after a warm-up; then snapi's
// rebuild after one change.
import { execFileSync } from 'node:child_process';
import { appendFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { MadeSite } from './make-site.ts';
import { measureRun, medianFigures, type RunFigures } from './measure.ts';
import type { Tools } from './tools.ts';

export const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');

export interface BuildBenchOptions {
  site: MadeSite;
  /** Where outputs go (same disk for every tool). */
  workDir: string;
  tools: Tools;
  warmups: number;
  rounds: number;
  log: (line: string) => void;
}

export type ToolFigures = RunFigures | { missing: string };

export interface BuildBenchResult {
  snapi: RunFigures;
  eleventy: ToolFigures;
  hugo: ToolFigures;
  rebuild: RunFigures;
}

interface Contender {
  name: 'snapi' | 'eleventy' | 'hugo';
  run: () => Promise<RunFigures>;
}

let bundled = false;

/** The bench runs what `npm run build` runs: the bundled command, rebuilt once per bench so it is never stale (tsx
 *  compiling the sources cost every build half a second the user never pays). */
export function snapiBuildArgs(site: string, out: string): string[] {
  if (!bundled) execFileSync(process.execPath, [join(PROJECT_ROOT, 'commands', 'bundle.mjs')], { stdio: 'ignore' });
  bundled = true;
  return [join(PROJECT_ROOT, 'generator', 'build', 'build.mjs'), '--site', site, '--out', out, '--json'];
}

function contenders(options: BuildBenchOptions): Contender[] {
  const { site, workDir, tools } = options;
  const out = (name: string) => join(workDir, `out-${name}`);
  const fresh = (name: string) => rmSync(out(name), { recursive: true, force: true });
  const list: Contender[] = [
    {
      name: 'snapi',
      run: () => (fresh('snapi'), measureRun(process.execPath, snapiBuildArgs(site.site, out('snapi')), PROJECT_ROOT)),
    },
  ];
  if ('path' in tools.eleventy) {
    const cmd = tools.eleventy.path;
    list.push({
      name: 'eleventy',
      run: () => (
        fresh('eleventy'),
        measureRun(
          process.execPath,
          [cmd, `--input=${site.plain}`, `--output=${out('eleventy')}`, `--config=${site.eleventyConfig}`, '--quiet'],
          workDir,
        )
      ),
    });
  }
  if ('path' in tools.hugo) {
    const hugo = tools.hugo.path;
    list.push({
      name: 'hugo',
      run: () => (
        fresh('hugo'), measureRun(hugo, ['--source', site.hugo, '--destination', out('hugo'), '--quiet'], workDir)
      ),
    });
  }
  return list;
}

/** Rebuilds after appending a sentence to one page (a different page each round) into the last full build's output. */
async function rebuilds(options: BuildBenchOptions, pages: readonly string[]): Promise<RunFigures> {
  const out = join(options.workDir, 'out-snapi');
  const runs: RunFigures[] = [];
  for (let round = 0; round < options.warmups + options.rounds; round++) {
    const page = pages[round % pages.length]!;
    appendFileSync(page, `\nEdited in rebuild round ${round}.\n`);
    const figures = await measureRun(process.execPath, snapiBuildArgs(options.site.site, out), PROJECT_ROOT);
    if (round >= options.warmups) runs.push(figures);
    options.log(`  rebuild after one change: ${(figures.wallMs / 1000).toFixed(2)} s`);
  }
  return medianFigures(runs);
}

export async function runBuildBench(
  options: BuildBenchOptions,
  changedPages: readonly string[],
): Promise<BuildBenchResult> {
  const runs = new Map<string, RunFigures[]>();
  const list = contenders(options);
  for (let round = 0; round < options.warmups + options.rounds; round++) {
    for (const contender of list) {
      const figures = await contender.run();
      options.log(
        `  ${round < options.warmups ? 'warm-up' : `round ${round - options.warmups + 1}`} ${contender.name}: ${(figures.wallMs / 1000).toFixed(2)} s`,
      );
      if (round >= options.warmups) runs.set(contender.name, [...(runs.get(contender.name) ?? []), figures]);
    }
  }
  // The last full snapi build stays in out-snapi, so the rebuild starts from a published snapshot.
  const rebuild = await rebuilds(options, changedPages);
  const figuresOf = (name: string, tool: Tools['eleventy']): ToolFigures =>
    'missing' in tool ? { missing: tool.missing } : medianFigures(runs.get(name) ?? []);
  return {
    snapi: medianFigures(runs.get('snapi') ?? []),
    eleventy: figuresOf('eleventy', options.tools.eleventy),
    hugo: figuresOf('hugo', options.tools.hugo),
    rebuild,
  };
}
