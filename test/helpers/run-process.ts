// Runs a command as a child process from the repository root and collects its exit code and output, for the tests of
// the command line: TypeScript entries under tsx, built `.mjs` files and bin/snapi.mjs with plain node, other programs
// by name. The child is bounded by its own progress (child-bound.ts); past the bound the run fails saying why.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { type Bound, watchChild } from './child-bound.ts';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export interface ProcessRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Variables added to this process's environment. */
  environment?: Record<string, string>;
  /** The whole environment instead of this process's plus `environment`. */
  replaceEnvironment?: boolean;
  /** Written to the child's standard input, which is then closed; absent: no standard input. */
  stdin?: string;
  /** Node options before the entry (`--import` a fault, `-r` a preload); runProcess only. */
  node?: string[];
  /** Default: the repository root. */
  cwd?: string;
  /** How long the child may take, by its own progress (a command that starts serving instead of failing would never
   *  end); defaults in child-bound.ts. */
  bound?: Partial<Bound>;
}

/** A child that exceeded its bound: the test fails with the command, the reason and what it printed. */
export class BoundExceeded extends Error {}

const tail = (text: string) => (text.length > 2000 ? `…${text.slice(-2000)}` : text);

/** Runs `command` (a program on the PATH, or a path) with `args`. */
export function runCommand(command: string, args: string[], options: RunOptions = {}): Promise<ProcessRun> {
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: options.replaceEnvironment ? { ...options.environment } : { ...process.env, ...options.environment },
    stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const watch = watchChild(child, options.bound);
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    watch.progressed();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    watch.progressed();
  });
  if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  return new Promise((done, fail) => {
    child.on('error', (error) => {
      watch.stop();
      fail(error);
    });
    child.on('close', (code) => {
      watch.stop();
      if (watch.expired === undefined) return done({ code, stdout, stderr });
      const shown = [command, ...args].map((part) => part.replace(ROOT, '.')).join(' ');
      fail(
        new BoundExceeded(`${shown}: killed, it ${watch.expired}\nstdout: ${tail(stdout)}\nstderr: ${tail(stderr)}`),
      );
    });
  });
}

/** Runs a node entry: `.ts` under tsx, anything else as it is. */
export function runProcess(entry: string, args: string[], options: RunOptions = {}): Promise<ProcessRun> {
  const runner = entry.endsWith('.ts')
    ? ['--import', 'tsx', ...(options.node ?? []), entry]
    : [...(options.node ?? []), entry];
  return runCommand(process.execPath, [...runner, ...args], options);
}
