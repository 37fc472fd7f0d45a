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
  /** Sends the signal (default SIGTERM; to the whole group with `group`) and resolves with the exit code; SIGKILL
   *  after `timeoutMs`. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
  exited: Promise<number | null>;
  /** Resolves when the child and every process it started that shares its output have ended. */
  outputClosed: Promise<void>;
}

export interface LineProcessOptions {
  /** Extra `--import` modules (test hooks) before the entry. */
  imports?: string[];
  environment?: Record<string, string>;
  /** `entry` is a program on the PATH (`npm`, `npx`), run as it is. */
  program?: boolean;
  /** In a process group of its own, as a terminal starts a command: `stop` signals the whole group. */
  group?: boolean;
}

export function startLineProcess(entry: string, args: string[], options: LineProcessOptions = {}): LineProcess {
  const runner = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const imports = (options.imports ?? []).flatMap((module) => ['--import', module]);
  const [program, programArgs] = options.program
    ? [entry, args]
    : [process.execPath, [...runner, ...imports, entry, ...args]];
  const child = spawn(program, programArgs, {
    cwd: ROOT,
    env: { ...process.env, ...options.environment },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.group === true,
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
  // Closed once every process holding the output (the child and whatever it started) has ended.
  const outputClosed = new Promise<void>((done) => child.stdout?.once('close', () => done()));
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
  const signalAll = (signal: NodeJS.Signals) => {
    try {
      if (options.group === true && child.pid !== undefined) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // the group has ended already
    }
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 20_000): Promise<number | null> => {
    if (options.group !== true && (child.exitCode !== null || child.signalCode !== null)) return exited;
    signalAll(signal);
    const timer = setTimeout(() => signalAll('SIGKILL'), timeoutMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  return { child, lines, stderr: () => stderr, next, stop, exited, outputClosed };
}
