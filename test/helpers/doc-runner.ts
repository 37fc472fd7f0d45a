// Runs the command examples of the docs (test/helpers/doc-commands.ts) as written, with bash, in a scratch copy of the
// checkout: the sample site with a built snapshot in ./dist, served on the docs' port, where `npm run`, `npx snapi`
// and `snapi` work. The port 8080 of the docs is a free port instead, in the text and in $PORT; curl reports each
// answer's status through a curlrc; servers and watchers run until the page's next one or its end.
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, symlink, writeFile, chmod } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { startBuiltGateway, type BuiltGateway } from '../../commands/spawn-built.ts';
import type { DocCommand } from './doc-commands.ts';
import { temporaryDir } from './fixture-site.ts';
import { ROOT } from './run-process.ts';

export const DOCS_PORT = '8080';
/** What a command that reads standard input gets: one line, a password `snapi user` accepts. */
export const STDIN_LINE = 'docs-runner-password\n';
const STATUS_LINE = /docs-runner-status (\d{3})\n/g;
const COMMAND_TIMEOUT_MS = 120_000;
const READY_TIMEOUT_MS = 120_000;

/** A free loopback port, released again for the command that will listen on it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** A copy of the checkout's files (tests left out) with the repository's node_modules and built gateway. */
export async function scratchCheckout(name: string, dist: string): Promise<string> {
  const folder = join(await temporaryDir(name), 'snapi');
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
    encoding: 'utf8',
  });
  const files = listed.split('\0').filter((file) => file !== '' && !file.startsWith('test/'));
  for (const file of files) {
    await mkdir(dirname(join(folder, file)), { recursive: true });
    await cp(join(ROOT, file), join(folder, file)).catch((error: NodeJS.ErrnoException) => {
      // A file deleted in the working tree but still in the index.
      if (error.code !== 'ENOENT') throw error;
    });
  }
  await symlink(join(ROOT, 'node_modules'), join(folder, 'node_modules'));
  await cp(join(ROOT, 'gateway', 'build'), join(folder, 'gateway', 'build'), { recursive: true });
  await cp(dist, join(folder, 'dist'), { recursive: true, verbatimSymlinks: true });
  // `snapi` on the PATH, as `npm link` or a global install gives it.
  const bin = join(folder, '.docs-runner', 'bin');
  await mkdir(bin, { recursive: true });
  await writeFile(join(bin, 'snapi'), `#!/bin/sh\nexec node "${join(folder, 'bin', 'snapi.mjs')}" "$@"\n`);
  await chmod(join(bin, 'snapi'), 0o755);
  await writeFile(
    join(folder, '.docs-runner', '.curlrc'),
    'no-progress-meter\nwrite-out = "%{stderr}\\ndocs-runner-status %{http_code}\\n"\n',
  );
  return folder;
}

interface Started {
  child: ChildProcess;
  /** Standard output, then standard error. */
  output: () => string;
  errors: () => string;
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
    return { child, output: () => `${stdout}\n${stderr}`, errors: () => stderr, exited };
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
    const output = started.output();
    const expected = command.expectExit ?? 0;
    if (code !== expected) return `exited ${code ?? 'on a signal (timed out?)'}, not ${expected}: ${tail(output)}`;
    if (!/(?:^|\s)curl\s/.test(command.command)) return undefined;
    const statuses = [...started.errors().matchAll(STATUS_LINE)].map((match) => Number(match[1]));
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
    const ended = started.exited.then((code) => `exited ${code} before it was ready: ${tail(started.output())}`);
    const ready = command.listens ? this.answers(started) : printed(started);
    const timeout = new Promise<string>((resolve) =>
      setTimeout(
        () => resolve(`not ready after ${READY_TIMEOUT_MS / 1000} s: ${tail(started.output())}`),
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

  async close(): Promise<void> {
    await Promise.all(this.running.map(stopAndWait));
    this.running = [];
    await this.background?.stop();
    this.background = undefined;
  }
}

function printed(started: Started): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (started.output().includes('\n') ? resolve() : setTimeout(check, 100));
    check();
  });
}

function stopGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    // The whole group: bash, npm or npx, and the node process they started.
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function stopAndWait(started: Started): Promise<void> {
  stopGroup(started.child, 'SIGTERM');
  const timer = setTimeout(() => stopGroup(started.child, 'SIGKILL'), 15_000);
  await started.exited;
  clearTimeout(timer);
}

function tail(output: string): string {
  const lines = output.trim().split('\n');
  return lines.slice(-6).join(' | ').slice(-900);
}
