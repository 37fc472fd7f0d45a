// Runs a command as a child process from the repository root and collects its exit code and output, for the tests of
// the command line: TypeScript entries under tsx, built `.mjs` files and bin/snapi.mjs with plain node.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export interface ProcessRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Variables added to this process's environment. */
  environment?: Record<string, string>;
  /** Written to the child's standard input, which is then closed; absent: no standard input. */
  stdin?: string;
  /** The working folder; default the repository root. */
  cwd?: string;
  /** Killed after this long (a command that starts serving instead of failing would never end); default 20 s. */
  timeoutMs?: number;
}

export function runProcess(entry: string, args: string[], options: RunOptions = {}): Promise<ProcessRun> {
  const runner = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  const child = spawn(process.execPath, [...runner, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.environment },
    stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
  return new Promise((done) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    }),
  );
}
