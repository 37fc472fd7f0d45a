// A long-running command (`watch`, `dev`, `serve`) as a child process whose stdout lines a test waits for, each wait
// bounded, failing with the lines it saw.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ROOT } from './run-process.ts';

export interface LineProcess {
  child: ChildProcess;
  lines: string[];
  /** Everything the process wrote on stderr so far. */
  stderr(): string;
  /** Resolves with the next line that matches, after the ones already consumed; rejects after `timeoutMs`. */
  next(matches: (line: string) => boolean, what: string, timeoutMs?: number): Promise<string>;
  /** Sends the signal (default SIGTERM) and resolves with the exit code; SIGKILL after `timeoutMs`. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
  exited: Promise<number | null>;
}

export interface LineProcessOptions {
  /** Extra `--import` modules (test hooks) before the entry. */
  imports?: string[];
  environment?: Record<string, string>;
}

export function startLineProcess(entry: string, args: string[], options: LineProcessOptions = {}): LineProcess {
  const runner = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const imports = (options.imports ?? []).flatMap((module) => ['--import', module]);
  const child = spawn(process.execPath, [...runner, ...imports, entry, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...options.environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const waiters: Array<() => void> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let consumed = 0;
  const next = async (matches: (line: string) => boolean, what: string, timeoutMs = 20_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = lines.findIndex((line, position) => position >= consumed && matches(line));
      if (index !== -1) {
        consumed = index + 1;
        return lines[index]!;
      }
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(
          `no line for ${what} within ${timeoutMs} ms; saw ${JSON.stringify(lines.slice(consumed))}; stderr: ${stderr.trim()}`,
        );
      await new Promise<void>((wake) => {
        waiters.push(wake);
        setTimeout(wake, 200);
      });
    }
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 20_000): Promise<number | null> => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  return { child, lines, stderr: () => stderr, next, stop, exited };
}
