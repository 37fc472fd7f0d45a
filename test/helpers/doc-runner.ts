// Runs the command examples of a page (test/helpers/doc-commands.ts) as written, with bash, in a scratch checkout
// (test/helpers/scratch-checkout.ts) whose sample snapshot is served on the port the examples use. The docs' 8080 is a
// free port instead, in the text and in $PORT; servers and watchers run until the page's next one or its end.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { startBuiltGateway, type BuiltGateway } from '../../commands/spawn-built.ts';
import type { DocCommand } from './doc-commands.ts';
import { STATUS_LINE } from './scratch-checkout.ts';

export const DOCS_PORT = '8080';
/** What a command that reads standard input gets: one line, a password `snapi user` accepts. */
export const STDIN_LINE = 'docs-runner-password\n';
const COMMAND_TIMEOUT_MS = 120_000;
const READY_TIMEOUT_MS = 120_000;

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** A doc's session: its scratch checkout, the port, the processes it left running. */
export class DocSession {
  private background: BuiltGateway | undefined;
  private running: Started[] = [];
  private listener: Started | undefined;

  constructor(
    readonly folder: string,
    readonly port: number,
  ) {}

  private environment(): NodeJS.ProcessEnv {
    // An outer `npm test` leaves npm_* variables that would point a nested npm at the repository.
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|INIT_CWD$)/.test(key)));
    return {
      ...inherited,
      PATH: `${join(this.folder, '.docs-runner', 'bin')}:${process.env.PATH ?? ''}`,
      PORT: String(this.port),
      CURL_HOME: join(this.folder, '.docs-runner'),
      npm_config_offline: 'true',
      npm_config_update_notifier: 'false',
      npm_config_fund: 'false',
      npm_config_audit: 'false',
    };
  }

  /** The sample snapshot in ./dist, served on the port: the `npm start` the README's quick start leaves running. */
  async startBackground(): Promise<void> {
    this.background = await startBuiltGateway(
      ['--dist', join(this.folder, 'dist'), '--port', String(this.port), '--host', '127.0.0.1'],
      { env: this.environment() },
    );
  }

  private script(command: DocCommand): string {
    const port = (text: string) => text.replace(new RegExp(`\\b${DOCS_PORT}\\b`, 'g'), String(this.port));
    return ['set -o pipefail', ...command.assignments.map(port), port(command.command)].join('\n');
  }

  private start(command: DocCommand, stdin: string | undefined): Started {
    const child = spawn('bash', ['-c', this.script(command)], {
      cwd: this.folder,
      env: this.environment(),
      detached: true,
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    if (stdin !== undefined) child.stdin?.end(stdin);
    const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    return { child, stdout: () => stdout, stderr: () => stderr, exited };
  }

  /** Runs one command; undefined when it did what the doc shows, else what went wrong. */
  async run(command: DocCommand): Promise<string | undefined> {
    return command.longRunning ? this.startLongRunning(command) : this.runToEnd(command);
  }

  private async runToEnd(command: DocCommand): Promise<string | undefined> {
    const started = this.start(command, STDIN_LINE);
    const timer = setTimeout(() => stopGroup(started.child, 'SIGKILL'), COMMAND_TIMEOUT_MS);
    const code = await started.exited;
    clearTimeout(timer);
    const output = outputOf(started);
    const expected = command.expectExit ?? 0;
    if (code !== expected) return `exited ${code ?? 'on a signal (timed out?)'}, not ${expected}: ${tail(output)}`;
    if (!/(?:^|\s)curl\s/.test(command.command)) return undefined;
    const statuses = [...started.stderr().matchAll(STATUS_LINE)].map((match) => Number(match[1]));
    if (statuses.length === 0) return `curl reported no status (does the line set its own -w?): ${tail(output)}`;
    const wrong = statuses.filter((status) =>
      command.expectStatus === undefined ? status < 200 || status > 399 : !command.expectStatus.includes(status),
    );
    return wrong.length === 0
      ? undefined
      : `answered ${statuses.join(', ')}${command.expectStatus ? `, not ${command.expectStatus.join(', ')}` : ''}: ${tail(output.replace(STATUS_LINE, '\n'))}`;
  }

  /** Starts a server or watcher and waits until it answers on the port (or, not listening, until it prints). */
  private async startLongRunning(command: DocCommand): Promise<string | undefined> {
    if (command.listens) await this.freePortHolder();
    const started = this.start(command, undefined);
    this.running.push(started);
    if (command.listens) this.listener = started;
    const ended = started.exited.then((code) => `exited ${code} before it was ready: ${tail(outputOf(started))}`);
    const ready = command.listens ? this.answers(started) : printed(started);
    const timeout = new Promise<string>((resolve) =>
      setTimeout(
        () => resolve(`not ready after ${READY_TIMEOUT_MS / 1000} s: ${tail(outputOf(started))}`),
        READY_TIMEOUT_MS,
      ).unref(),
    );
    return Promise.race([ready.then(() => undefined), ended, timeout]);
  }

  private async answers(started: Started): Promise<void> {
    for (;;) {
      if (started.child.exitCode !== null || started.child.signalCode !== null) return new Promise(() => undefined);
      const answered = await fetch(`http://127.0.0.1:${this.port}/healthz`).then(
        () => true,
        () => false,
      );
      if (answered) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Whatever holds the port (the background gateway, or the page's last server) stops first. */
  private async freePortHolder(): Promise<void> {
    if (this.background !== undefined) {
      await this.background.stop();
      this.background = undefined;
    }
    if (this.listener !== undefined) {
      await stopAndWait(this.listener);
      this.running = this.running.filter((started) => started !== this.listener);
      this.listener = undefined;
    }
  }

  /** The process ids of the servers and watchers still running. */
  get runningPids(): number[] {
    return this.running.flatMap(({ child }) => (child.pid === undefined ? [] : [child.pid]));
  }

  async close(): Promise<void> {
    await Promise.all(this.running.map(stopAndWait));
    this.running = [];
    await this.background?.stop();
    this.background = undefined;
  }
}

/** Resolves once the process has printed a whole line; never, if it ends first (its exit is reported instead). */
function printed(started: Started): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (`${started.stdout()}${started.stderr()}`.includes('\n')) resolve();
      else if (started.child.exitCode === null && started.child.signalCode === null) setTimeout(check, 100);
    };
    check();
  });
}

function outputOf(started: Started): string {
  return `${started.stdout()}\n${started.stderr()}`;
}

function stopGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    // The whole group: bash, npm or npx, and the node process they started.
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** SIGTERM to the group, SIGKILL after 15 s; gives up waiting after 20 s (the caller's checks then see what is left). */
async function stopAndWait(started: Started): Promise<void> {
  stopGroup(started.child, 'SIGTERM');
  const timers: NodeJS.Timeout[] = [];
  await Promise.race([
    started.exited,
    new Promise((resolve) => {
      timers.push(setTimeout(() => stopGroup(started.child, 'SIGKILL'), 15_000));
      timers.push(setTimeout(resolve, 20_000));
    }),
  ]);
  for (const timer of timers) clearTimeout(timer);
}

function tail(output: string): string {
  const lines = output.trim().split('\n');
  return lines.slice(-6).join(' | ').slice(-900);
}
