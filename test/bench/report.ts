// Turns the benchmark figures into the target table (ratios measured in the same run) and the detail tables.
import type { BuildBenchResult, ToolFigures } from './build-bench.ts';
import type { GatewayBenchResult } from './gateway-bench.ts';
import type { RunFigures } from './measure.ts';
import type { ScaleFigures } from './scale-bench.ts';

export interface TargetRow {
  measure: string;
  value: number | null;
  target: string;
  met: boolean | null;
  note?: string;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const fixed = (value: number, digits = 2) => (Number.isNaN(value) ? 'n/a' : value.toFixed(digits));

function ratioRow(measure: string, numerator: number, denominator: ToolFigures | number, limit: number, atMost: boolean): TargetRow {
  const base = typeof denominator === 'number' ? denominator : 'missing' in denominator ? undefined : denominator.wallMs;
  if (base === undefined) return { measure, value: null, target: `${atMost ? '≤' : '≥'} ${limit}`, met: null, note: 'not available' };
  const value = numerator / base;
  return { measure, value, target: `${atMost ? '≤' : '≥'} ${limit}`, met: atMost ? value <= limit : value >= limit };
}

function limitRow(measure: string, value: number, limit: number, unit: string): TargetRow {
  return { measure, value, target: `≤ ${limit} ${unit}`, met: value <= limit };
}

/** The scale target: a 40,000-page build takes at most 11 × the 4,000-page time (linear with 10 % slack) and 1.5 GB. */
const SCALE_SLACK = 1.1;
const SCALE_RSS_MB = 1536;

/** Build-time growth from the smallest to the largest measured site, and the largest site's peak memory. */
export function scaleRows(scale: readonly ScaleFigures[]): TargetRow[] {
  const sorted = [...scale].sort((left, right) => left.pages - right.pages);
  const small = sorted[0];
  const large = sorted[sorted.length - 1];
  if (small === undefined || large === undefined || large.pages === small.pages) return [];
  const growth = ratioRow(`build time, ${large.pages} / ${small.pages} pages`, large.wallMs, small.wallMs, Number((SCALE_SLACK * large.pages / small.pages).toFixed(1)), true);
  const cpu = ratioRow(`build CPU time, ${large.pages} / ${small.pages} pages`, large.cpuMs, small.cpuMs, Number((SCALE_SLACK * large.pages / small.pages).toFixed(1)), true);
  return [growth, cpu, limitRow(`build peak RSS, ${large.pages} pages`, large.peakRssMb, SCALE_RSS_MB, 'MB')];
}

export function targetRows(build: BuildBenchResult, gateway: GatewayBenchResult, pages: number, gatewayPages: number, scale: readonly ScaleFigures[] = []): TargetRow[] {
  return [
    ratioRow(`full build of ${pages} pages, snapi / Eleventy`, build.snapi.wallMs, build.eleventy, 0.5, true),
    ratioRow(`full build of ${pages} pages, snapi / Hugo`, build.snapi.wallMs, build.hugo, 2, true),
    ratioRow('rebuild after one page changed / full build', build.rebuild.wallMs, build.snapi.wallMs, 0.05, true),
    ...scaleRows(scale),
    ratioRow('gateway req/s, mixed authenticated / bare node:http', gateway.snapi.requestsPerSecond, gateway.bare.requestsPerSecond, 0.85, false),
    limitRow('gateway p99 at 50 connections', gateway.snapi.p99Ms, 10, 'ms'),
    ratioRow('valid users p99 during a wrong-password flood / without', gateway.flood.withP99Ms, gateway.flood.withoutP99Ms, 1.5, true),
    limitRow(`gateway RSS, ${gatewayPages}-page snapshot loaded`, gateway.startup.rssMb, 120, 'MB'),
    limitRow(`gateway start-up (spawn to listening), ${gatewayPages} pages`, gateway.startup.startMs, 1000, 'ms'),
  ];
}

function markdownTable(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

function buildRow(name: string, figures: ToolFigures): string[] {
  if ('missing' in figures) return [name, 'not available', '', ''];
  const run: RunFigures = figures;
  return [name, seconds(run.wallMs), seconds(run.cpuMs), `${fixed(run.peakRssMb, 0)} MB`];
}

function scaleTable(scale: readonly ScaleFigures[]): string {
  if (scale.length === 0) return '';
  return `${markdownTable(['full build (scale)', 'wall', 'CPU', 'peak RSS'], scale.map((run) => [`${run.pages} pages`, seconds(run.wallMs), seconds(run.cpuMs), `${fixed(run.peakRssMb, 0)} MB`]))}\n\n`;
}

export function formatReport(rows: readonly TargetRow[], build: BuildBenchResult, gateway: GatewayBenchResult, scale: readonly ScaleFigures[] = []): string {
  const targets = markdownTable(['measure', 'measured', 'target', 'met'], rows.map((row) => [
    row.measure, row.value === null ? row.note ?? 'n/a' : fixed(row.value, row.value >= 100 ? 0 : 3), row.target,
    row.met === null ? '–' : row.met ? 'yes' : 'no',
  ]));
  const builds = markdownTable(['build (median)', 'wall', 'CPU', 'peak RSS'], [
    buildRow('snapi full', build.snapi), buildRow('Eleventy 3.1.5', build.eleventy), buildRow('Hugo', build.hugo), buildRow('snapi rebuild, one page changed', build.rebuild),
  ]);
  const server = (name: string, figures: GatewayBenchResult['nginx']) =>
    'missing' in figures ? [name, 'not available', '', '', ''] :
      [name, fixed(figures.requestsPerSecond, 0), `${fixed(figures.p50Ms, 1)} ms`, `${fixed(figures.p99Ms, 1)} ms`, `${fixed(figures.rssMb, 0)} MB`];
  const servers = markdownTable(['server (median)', 'req/s', 'p50', 'p99', 'RSS'], [
    server('snapi gateway (auth, mixed)', gateway.snapi), server('bare node:http, fixed 5 KB', gateway.bare), server('nginx, same files, no auth', gateway.nginx),
  ]);
  return `${targets}\n\n${builds}\n\n${scaleTable(scale)}${servers}\n`;
}
