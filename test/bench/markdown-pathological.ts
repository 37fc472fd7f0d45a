// The pathological markdown rows of `npm run bench`: each input of test/markdown/pathological-inputs.ts at full size,
// split and rendered by snapi, each within 500 ms and all within 5 s. Alone: npx tsx
// test/bench/markdown-pathological.ts
import { pathToFileURL } from 'node:url';
import { renderBlocks } from '../../generator/markdown/render.ts';
import { splitBlocks } from '../../generator/markdown/split-blocks.ts';
import { RenderTimeout, renderWithin } from '../../generator/render/render-bound.ts';
import { OPTIONS } from '../markdown/render-helpers.ts';
import { PATHOLOGICAL_CASES } from '../markdown/pathological-inputs.ts';
import { formatReport, type TargetRow } from './report.ts';

export const CASE_LIMIT_MS = 500;
export const TOTAL_LIMIT_MS = 5000;
/** A renderer that explodes again must give a missed row, not a benchmark that never ends. */
const GIVE_UP_SECONDS = 20;

interface CaseFigures {
  name: string;
  characters: number;
  wallMs: number;
  cpuMs: number;
}

function measureCase(name: string, markdown: string): CaseFigures {
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    renderWithin({ page: '/pathological', markdown, draftBlocks: undefined }, GIVE_UP_SECONDS, () =>
      renderBlocks(splitBlocks(markdown), 'md', OPTIONS),
    );
  } catch (error) {
    if (!(error instanceof RenderTimeout)) throw error;
  }
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { name, characters: markdown.length, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

export function pathologicalRows(): TargetRow[] {
  const figures = PATHOLOGICAL_CASES.map((pathological) =>
    measureCase(pathological.name, pathological.make(pathological.fullSize)),
  );
  const rows: TargetRow[] = figures.map((figure) => ({
    measure: `markdown: ${figure.name} (${figure.characters} characters), ms`,
    value: figure.wallMs,
    target: `≤ ${CASE_LIMIT_MS} ms`,
    met: figure.wallMs <= CASE_LIMIT_MS,
    note: `CPU ${figure.cpuMs.toFixed(0)} ms`,
  }));
  const wallMs = figures.reduce((sum, figure) => sum + figure.wallMs, 0);
  const cpuMs = figures.reduce((sum, figure) => sum + figure.cpuMs, 0);
  rows.push({
    measure: `markdown: all ${figures.length} pathological inputs, ms`,
    value: wallMs,
    target: `≤ ${TOTAL_LIMIT_MS} ms`,
    met: wallMs <= TOTAL_LIMIT_MS,
    note: `CPU ${cpuMs.toFixed(0)} ms`,
  });
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  console.log(formatReport(pathologicalRows(), undefined, undefined));
