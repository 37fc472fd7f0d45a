// Runs a command as a child and measures its wall time, CPU time (user + system) and peak resident memory.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunFigures {
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
}

const GNU_TIME = '/usr/bin/time';

/** Runs `command` to completion; rejects with its output when it exits non-zero. GNU time gives the child's rusage. */
export async function measureRun(command: string, args: readonly string[], cwd: string): Promise<RunFigures> {
  const timeFile = join(tmpdir(), `snapi-bench-time-${process.pid}-${Date.now()}`);
  const useTime = existsSync(GNU_TIME);
  const [file, fileArgs] = useTime
    ? [GNU_TIME, ['-f', '%e %U %S %M', '-o', timeFile, command, ...args]]
    : [command, [...args]];
  const started = performance.now();
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(file, fileArgs, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(text)
        : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${text.slice(-2000)}`)),
    );
  });
  const wallMs = performance.now() - started;
  if (!useTime) return { wallMs, cpuMs: Number.NaN, peakRssMb: Number.NaN };
  const [, user = '0', system = '0', maxKb = '0'] = (await readFile(timeFile, 'utf8'))
    .trim()
    .split('\n')
    .pop()!
    .split(' ');
  await rm(timeFile, { force: true });
  void output;
  return { wallMs, cpuMs: (Number(user) + Number(system)) * 1000, peakRssMb: Number(maxKb) / 1024 };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function medianFigures(runs: readonly RunFigures[]): RunFigures {
  return {
    wallMs: median(runs.map((run) => run.wallMs)),
    cpuMs: median(runs.map((run) => run.cpuMs)),
    peakRssMb: median(runs.map((run) => run.peakRssMb)),
  };
}
