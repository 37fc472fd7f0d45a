// Starts the servers under test as child processes pinned to one core, and reads their memory from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT } from './build-bench.ts';
import { pinned, type Tools } from './tools.ts';

export const SERVER_CORE = 0;
export const CLIENT_CORE = 1;

export interface RunningServer {
  process: ChildProcess;
  /** Milliseconds from spawn to the ready line. */
  startMs: number;
  stop(): Promise<void>;
}

/** Spawns and resolves once a stdout or stderr line contains `ready`; output after that is drained and dropped. */
export function startServer(
  command: string,
  args: readonly string[],
  ready: string,
  cwd: string,
): Promise<RunningServer> {
  const started = performance.now();
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });
  return new Promise((resolve, reject) => {
    let seen = '';
    let isReady = false;
    const onData = (chunk: Buffer) => {
      if (isReady) return;
      seen += chunk.toString();
      if (seen.includes(ready)) {
        isReady = true;
        resolve({ process: child, startMs: performance.now() - started, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      if (!isReady) reject(new Error(`${command} exited ${code} before ready:\n${seen.slice(-2000)}`));
    });
  });
}

/** Current and peak resident memory of a process, in MB (Linux /proc). */
export function memoryOf(pid: number | undefined): { rssMb: number; peakRssMb: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) / 1024;
    return { rssMb: field('VmRSS'), peakRssMb: field('VmHWM') };
  } catch {
    return { rssMb: Number.NaN, peakRssMb: Number.NaN };
  }
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
export function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    // After "(comm) ": state is field 3, so utime (14) and stime (15) are at 11 and 12.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** The node arguments of `npm run serve` (`node gateway/build/serve.mjs`), so the bench runs what users run, without
 *  npm in between. */
function serveArguments(): string[] {
  const scripts = (
    JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const [program, ...args] = (scripts.serve ?? '').split(' ');
  if (program !== 'node') throw new Error(`package.json "serve" does not start with node: ${scripts.serve}`);
  return args;
}

export function startGatewayProcess(tools: Tools, dist: string, port: number): Promise<RunningServer> {
  const [command, args] = pinned(tools, SERVER_CORE, process.execPath, [
    ...serveArguments(),
    '--dist',
    dist,
    '--port',
    String(port),
  ]);
  return startServer(command, args, 'listening', PROJECT_ROOT);
}

/** `routesFile`: JSON `[[url, bodyFile], …]`, the identity body each URL of the mix answers with. */
export function startBareServer(tools: Tools, port: number, routesFile: string): Promise<RunningServer> {
  const [command, args] = pinned(tools, SERVER_CORE, process.execPath, [
    '--import',
    'tsx',
    join(import.meta.dirname, 'bare-server.ts'),
    String(port),
    routesFile,
  ]);
  return startServer(command, args, 'listening', PROJECT_ROOT);
}

/** nginx in one process (no master), serving `root` as static files; it prints nothing, so readiness is polled. */
export async function startNginx(
  tools: Tools,
  nginx: string,
  workDir: string,
  root: string,
  port: number,
): Promise<RunningServer> {
  const config = join(workDir, 'nginx.conf');
  await writeFile(
    config,
    `daemon off;\nmaster_process off;\nworker_processes 1;\npid ${join(workDir, 'nginx.pid')};\nerror_log ${join(workDir, 'nginx-error.log')};\n` +
      `events { worker_connections 1024; }\nhttp {\n  access_log off;\n  default_type application/json;\n` +
      ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
        .map((name) => `  ${name}_temp_path ${join(workDir, `nginx-${name}`)};\n`)
        .join('') +
      `  server {\n    listen 127.0.0.1:${port};\n    root ${root};\n    gzip_static on;\n    location / { add_header X-Content-Type-Options nosniff; }\n  }\n}\n`,
  );
  const [command, args] = pinned(tools, SERVER_CORE, nginx, ['-c', config, '-p', workDir]);
  const started = performance.now();
  const child = spawn(command, args, { cwd: workDir, stdio: 'ignore' });
  for (let attempt = 0; attempt < 100; attempt++) {
    const ok = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null)
      throw new Error(`nginx exited ${child.exitCode}; see ${join(workDir, 'nginx-error.log')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGQUIT');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });
  return { process: child, startMs: performance.now() - started, stop };
}
